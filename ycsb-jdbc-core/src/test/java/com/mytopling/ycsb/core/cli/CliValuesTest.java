package com.mytopling.ycsb.core.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.junit.jupiter.api.Test;

/** One wording for every bad option value, and exit status 2 for all of them. */
class CliValuesTest {
  private static final Options OPTIONS = new Options()
      .addOption(Option.builder().longOpt("records").hasArg().build())
      .addOption(Option.builder().longOpt("threads").hasArg().build());

  private static String message(Executable e) {
    UsageException x = assertThrows(UsageException.class, e::run);
    assertEquals(2, x.exitStatus());
    return x.getMessage();
  }

  interface Executable {
    void run() throws Exception;
  }

  @Test
  void countsReadOrDefaultAndRefuseNonNumbersAndTooSmall() throws Exception {
    CommandLine cl = CliValues.parse(OPTIONS, new String[] {"--records", " 250 "});
    assertEquals(250, CliValues.count(cl, "records", 7, 1));
    assertEquals(4, CliValues.intCount(cl, "threads", 4, 1));
    assertEquals("--records: 'ten' is not a whole number",
        message(() -> CliValues.count(CliValues.parse(OPTIONS, new String[] {"--records", "ten"}), "records", 1, 0)));
    assertEquals("--threads: 0 is out of range (at least 1)",
        message(() -> CliValues.count(CliValues.parse(OPTIONS, new String[] {"--threads", "0"}), "threads", 1, 1)));
    assertEquals("--threads: 3000000000 is out of range (at most 2147483647)", message(() -> CliValues.intCount(
        CliValues.parse(OPTIONS, new String[] {"--threads", "3000000000"}), "threads", 1, 1)));
  }

  @Test
  void parseErrorsAreOneLineWithAHint() {
    assertEquals("Unrecognized option: --nope (try --help)",
        message(() -> CliValues.parse(OPTIONS, new String[] {"--nope"})));
    assertEquals("unexpected argument 'extra' (try --help)",
        message(() -> CliValues.parseOptionsOnly(OPTIONS, new String[] {"extra"})));
  }

  @Test
  void percentsAreFractions() throws Exception {
    assertEquals(0.05, CliValues.percent("--max-drop", "5%", 100), 1e-12);
    assertEquals(2.5, CliValues.percent("--max-p99-rise", "250", 10_000), 1e-12);
    assertEquals("--max-drop: 100% is out of range (0% to below 100%)",
        message(() -> CliValues.percent("--max-drop", "100%", 100)));
    assertEquals("--max-drop: 'lots' is not a percentage like 5%",
        message(() -> CliValues.percent("--max-drop", "lots", 100)));
  }

  @Test
  void probabilitiesAreStrictlyBetweenZeroAndOne() throws Exception {
    assertEquals(0.05, CliValues.probability("--alpha", "0.05"), 1e-12);
    assertEquals("--alpha: 1.5 is out of range (above 0 to below 1)",
        message(() -> CliValues.probability("--alpha", "1.5")));
    assertEquals("--alpha: 'p' is not a number like 0.05", message(() -> CliValues.probability("--alpha", "p")));
  }

  @Test
  void durationsTakeSecondsMinutesHours() throws Exception {
    assertEquals(Duration.ofSeconds(90), CliValues.duration("--for", "90"));
    assertEquals(Duration.ofSeconds(90), CliValues.duration("--for", "90s"));
    assertEquals(Duration.ofMinutes(30), CliValues.duration("--for", "30m"));
    assertEquals(Duration.ofHours(2), CliValues.duration("--for", "2H"));
    assertEquals("--for: 0m is out of range (at least 1s)", message(() -> CliValues.duration("--for", "0m")));
    assertEquals("--for: '1d' is not a duration like 90s, 30m or 2h",
        message(() -> CliValues.duration("--for", "1d")));
  }

  @Test
  void sizesArePowersOf1024() throws Exception {
    assertEquals(4096, CliValues.size("--buffer", "4096"));
    assertEquals(64 * 1024, CliValues.size("--buffer", "64k"));
    assertEquals(10L << 20, CliValues.size("--buffer", "10M"));
    assertEquals(1L << 30, CliValues.size("--buffer", "1g"));
    assertEquals("--buffer: '1t' is not a size like 4096, 64k, 10m or 1g",
        message(() -> CliValues.size("--buffer", "1t")));
    assertEquals("--buffer: 8589934592g is out of range (0 to 9223372036854775807 bytes)",
        message(() -> CliValues.size("--buffer", "8589934592g")));
  }
}
