package com.mytopling.ycsb.fileloader.tool;

import com.mytopling.ycsb.core.ConfigException;
import com.mytopling.ycsb.core.ExitStatus;
import com.mytopling.ycsb.core.cli.CliValues;
import com.mytopling.ycsb.core.cli.UsageException;
import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.core.dialect.Dialects;
import com.mytopling.ycsb.fileloader.format.Compression;
import com.mytopling.ycsb.fileloader.format.DataFileSpec;
import com.mytopling.ycsb.fileloader.format.RecordFormat;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.UnsupportedCharsetException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * {@code dataset COMMAND ...}: look at, convert, size a table for, or synthesise a data file.
 * Every failure ends in one line on stderr starting with "dataset:" and a non-zero status from
 * {@link ExitStatus}: BAD_INPUT (2) for a wrong command line or a data file that cannot be used,
 * INTERNAL_ERROR (3) for anything unexpected.
 */
public final class DatasetTool {
  private static final int BAD_INPUT = ExitStatus.BAD_INPUT.code;

  private final PrintStream out;
  private final PrintStream err;

  DatasetTool(PrintStream out, PrintStream err) {
    this.out = out;
    this.err = err;
  }

  public static void main(String[] args) {
    int status = new DatasetTool(System.out, System.err).run(args);
    System.out.flush();
    System.exit(status);
  }

  int run(String[] args) {
    if (args.length == 0 || args[0].equals("help") || args[0].equals("--help") || args[0].equals("-h")) {
      usage(args.length == 0 ? err : out);
      return args.length == 0 ? BAD_INPUT : ExitStatus.OK.code;
    }
    String command = args[0];
    String[] rest = Arrays.copyOfRange(args, 1, args.length);
    Options options = optionsFor(command);
    if (options == null) {
      err.println("dataset: unknown command '" + command + "' (stats, convert, schema, synth, scan; try dataset help)");
      return BAD_INPUT;
    }
    try {
      CommandLine line = CliValues.parse(options, rest, "dataset help");
      switch (command) {
      case "stats":
        return new StatsCommand(spec(line), keyFields(line), out, err).run();
      case "scan":
        return new ScanCommand(spec(line), out, err).run();
      case "convert":
        return new ConvertCommand(spec(line), RecordFormat.fromName(line.getOptionValue("to")),
            line.getOptionValue("out", "-"), out, err).run();
      case "schema":
        return new SchemaCommand(spec(line), Dialects.byName(line.getOptionValue("dialect")),
            line.getOptionValue("table", Registry.TABLE.defaultValue()), line.getOptionValue("naming", "dataset"),
            line.getOptionValue("fieldnameprefix", Registry.FIELDNAMEPREFIX.defaultValue()), out, err).run();
      case "synth":
        return synth(line);
      default:
        throw new IllegalStateException(command);
      }
    } catch (UsageException e) {
      err.println("dataset " + command + ": " + e.getMessage());
      return BAD_INPUT;
    } catch (IOException | IllegalArgumentException | ConfigException e) {
      err.println("dataset " + command + ": " + e.getMessage());
      return BAD_INPUT;
    } catch (java.io.UncheckedIOException e) {
      err.println("dataset " + command + ": " + e.getCause().getMessage());
      return BAD_INPUT;
    } catch (RuntimeException e) {
      err.println("dataset " + command + ": unexpected error: " + e);
      return ExitStatus.INTERNAL_ERROR.code;
    }
  }

  private int synth(CommandLine line) throws IOException, UsageException {
    long records = CliValues.count(line, "records", 0, 0);
    long seed = CliValues.count(line, "seed", 1, 0);
    String outName = line.getOptionValue("out");
    try (var os = OutputFiles.create(outName, out)) {
      new ReviewSynthesizer(seed).write(records, os);
    }
    if (!outName.equals("-")) {
      err.println("dataset synth: wrote " + records + " reviews to " + outName + " (seed " + seed + ")");
    }
    return 0;
  }

  private static DataFileSpec spec(CommandLine line) throws UsageException {
    List<String> files = line.getArgList();
    if (files.size() != 1) {
      throw new UsageException(files.isEmpty() ? "give one data file" : "give exactly one data file, not " + files);
    }
    Path path = Path.of(files.get(0));
    RecordFormat format = line.hasOption("format") ? RecordFormat.fromName(line.getOptionValue("format"))
        : RecordFormat.ofFile(path);
    Charset charset = null;
    if (line.hasOption("charset")) {
      try {
        charset = Charset.forName(line.getOptionValue("charset"));
      } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
        throw new IllegalArgumentException("unknown charset '" + line.getOptionValue("charset") + "'");
      }
    }
    Compression compression = Compression.fromName(line.getOptionValue("compression", "auto"));
    List<String> columns = line.hasOption("columns")
        ? Arrays.stream(line.getOptionValue("columns").split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList()
        : List.of();
    return new DataFileSpec(path, format, compression, charset, !line.hasOption("no-header"), columns,
        DataFileSpec.DEFAULT_MAX_LINE_BYTES);
  }

  private static List<String> keyFields(CommandLine line) {
    if (!line.hasOption("key-fields")) {
      return List.of();
    }
    return Arrays.stream(line.getOptionValue("key-fields").split(",")).map(String::trim)
        .filter(s -> !s.isEmpty()).toList();
  }

  private static Options optionsFor(String command) {
    Options o = new Options();
    switch (command) {
    case "stats":
      addInputOptions(o);
      o.addOption(Option.builder().longOpt("key-fields").hasArg().argName("F1,F2")
          .desc("fields that make the key for the duplicate count (default: product/productId,review/userId "
              + "when present, else the first field)").build());
      return o;
    case "scan":
      addInputOptions(o);
      return o;
    case "convert":
      addInputOptions(o);
      o.addOption(Option.builder().longOpt("to").hasArg().argName("tsv|jsonl").required().desc("output format").build());
      o.addOption(Option.builder().longOpt("out").hasArg().argName("FILE")
          .desc("output file, compressed by its name (.gz, .zst); default standard output").build());
      return o;
    case "schema":
      addInputOptions(o);
      o.addOption(Option.builder().longOpt("dialect").hasArg().argName("D").required()
          .desc("mysql, myrocks, mytopling or sqlserver").build());
      o.addOption(Option.builder().longOpt("table").hasArg().argName("T")
          .desc("table name (" + Registry.TABLE.defaultValue() + ")").build());
      o.addOption(Option.builder().longOpt("naming").hasArg().argName("dataset|ycsb")
          .desc("column names: the data set's (default) or FIELD0..n").build());
      o.addOption(Option.builder().longOpt("fieldnameprefix").hasArg().argName("P")
          .desc("YCSB field name prefix for --naming ycsb (" + Registry.FIELDNAMEPREFIX.defaultValue() + ")").build());
      return o;
    case "synth":
      o.addOption(Option.builder().longOpt("records").hasArg().argName("N").required().desc("number of reviews").build());
      o.addOption(Option.builder().longOpt("out").hasArg().argName("FILE").required()
          .desc("output file, compressed by its name (.gz, .zst); - for standard output").build());
      o.addOption(Option.builder().longOpt("seed").hasArg().argName("S").desc("random seed (1)").build());
      return o;
    default:
      return null;
    }
  }

  private static void addInputOptions(Options o) {
    o.addOption(Option.builder().longOpt("format").hasArg().argName("F")
        .desc("snap, tsv, csv or jsonl (default: from the file name)").build());
    o.addOption(Option.builder().longOpt("charset").hasArg().argName("C")
        .desc("charset of the file (default: ISO-8859-1 for snap, UTF-8 otherwise)").build());
    o.addOption(Option.builder().longOpt("compression").hasArg().argName("auto|none|gzip|zstd")
        .desc("default: detected from the file's first bytes").build());
    o.addOption(Option.builder().longOpt("columns").hasArg().argName("A,B")
        .desc("field names, for files without a header line").build());
    o.addOption(Option.builder().longOpt("no-header").desc("tsv/csv: the first line is a record").build());
  }

  private static void usage(PrintStream stream) {
    PrintWriter w = new PrintWriter(stream);
    w.println("usage: dataset COMMAND [options] ...");
    w.println("  stats FILE                          records, bytes, field lengths, duplicates, malformed records");
    w.println("  scan FILE                           parse every record and report the parsing speed");
    w.println("  convert FILE --to tsv|jsonl [--out OUT]   one record per line, field-name prefixes removed");
    w.println("  schema FILE --dialect mysql|myrocks|mytopling|sqlserver   CREATE TABLE that fits the data");
    w.println("  synth --records N --out FILE [--seed S]    synthetic SNAP-format movie reviews");
    w.println();
    HelpFormatter f = new HelpFormatter();
    for (String c : new String[] {"stats", "convert", "schema", "synth"}) {
      f.printHelp(w, 100, "dataset " + c, "", optionsFor(c), 2, 2, "", true);
    }
    w.flush();
  }
}
