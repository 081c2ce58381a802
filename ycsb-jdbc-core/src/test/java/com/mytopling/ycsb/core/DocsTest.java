package com.mytopling.ycsb.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README a newcomer reads in five minutes, and the pages it leads to: the README stays short and keeps the two
 * commands, docs/README.md lists every page of docs/, and every relative link of the README, the docs and the results'
 * READMEs leads to a file that exists (and to a heading that exists, when it names one).
 */
class DocsTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  /** About a screen scroll of five minutes. */
  private static final int README_MAX_LINES = 200;
  private static final Pattern LINK = Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)\\)");
  private static final Pattern FENCE = Pattern.compile("(?ms)^```.*?^```");

  @Test
  void theReadmeIsShortAndKeepsTheTwoCommands() throws IOException {
    String readme = Files.readString(ROOT.resolve("README.md"), StandardCharsets.UTF_8);
    long lines = readme.lines().count();
    assertTrue(lines <= README_MAX_LINES, "README.md has " + lines + " lines; topics belong in docs/ (docs/README.md)");
    assertTrue(readme.contains("## Two commands on a fresh machine"), "the two commands' section");
    assertTrue(readme.contains("```bash\nscripts/benchmark\n```"), "the main job, exactly as a newcomer types it");
    assertTrue(readme.contains("```bash\nbash .ci/run\n```"), "the tests, exactly as a newcomer types them");
  }

  @Test
  void theDocsIndexListsEveryPage() throws IOException {
    String index = Files.readString(ROOT.resolve("docs/README.md"), StandardCharsets.UTF_8);
    List<String> missing = new ArrayList<>();
    try (Stream<Path> pages = Files.list(ROOT.resolve("docs"))) {
      for (Path page : pages.filter(p -> p.toString().endsWith(".md")).sorted().toList()) {
        String name = page.getFileName().toString();
        if (!name.equals("README.md") && !index.contains("](" + name + ")")) {
          missing.add(name);
        }
      }
    }
    assertEquals(List.of(), missing, "pages of docs/ that docs/README.md does not list");
  }

  /** The Markdown files whose links are checked: the README, docs/, and results/'s READMEs. */
  private static List<Path> markdownFiles() throws IOException {
    List<Path> files = new ArrayList<>(List.of(ROOT.resolve("README.md")));
    try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
    }
    try (Stream<Path> results = Files.walk(ROOT.resolve("results"), 2)) {
      results.filter(p -> p.getFileName().toString().equals("README.md")).sorted().forEach(files::add);
    }
    return files;
  }

  @Test
  void everyRelativeLinkLeadsSomewhere() throws IOException {
    Map<Path, Set<String>> anchors = new HashMap<>();
    List<String> broken = new ArrayList<>();
    int checked = 0;
    for (Path file : markdownFiles()) {
      String text = FENCE.matcher(Files.readString(file, StandardCharsets.UTF_8)).replaceAll("");
      Matcher m = LINK.matcher(text);
      while (m.find()) {
        String target = m.group(1);
        if (target.matches("^[a-z]+:.*")) {
          continue; // https:, mailto:
        }
        checked++;
        int hash = target.indexOf('#');
        String path = hash < 0 ? target : target.substring(0, hash);
        Path resolved = path.isEmpty() ? file : file.getParent().resolve(path).normalize();
        String where = ROOT.relativize(file) + ": " + target;
        if (!Files.exists(resolved)) {
          broken.add(where + " (no such file)");
          continue;
        }
        if (hash >= 0 && resolved.toString().endsWith(".md")) {
          String anchor = target.substring(hash + 1);
          Set<String> known = anchors.computeIfAbsent(resolved, DocsTest::headingAnchors);
          if (!anchor.isEmpty() && !known.contains(anchor)) {
            broken.add(where + " (no such heading)");
          }
        }
      }
    }
    assertTrue(checked > 100, "links checked: " + checked);
    assertEquals(List.of(), broken);
  }

  /** The anchors GitHub gives a Markdown file's headings: lower case, punctuation out, blanks to '-', -1 for repeats. */
  static Set<String> headingAnchors(Path file) {
    String text;
    try {
      text = FENCE.matcher(Files.readString(file, StandardCharsets.UTF_8)).replaceAll("");
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    Set<String> anchors = new HashSet<>();
    Map<String, Integer> seen = new HashMap<>();
    for (String line : text.lines().toList()) {
      if (!line.matches("^#{1,6} .*")) {
        continue;
      }
      String slug = slug(line.replaceFirst("^#+ ", ""));
      int n = seen.merge(slug, 1, Integer::sum) - 1;
      anchors.add(n == 0 ? slug : slug + "-" + n);
    }
    return anchors;
  }

  static String slug(String heading) {
    String text = heading.replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1").strip().toLowerCase(Locale.ROOT);
    return text.replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
  }

  @Test
  void headingsGetGithubsAnchors(@org.junit.jupiter.api.io.TempDir Path tmp) throws IOException {
    assertEquals("launcher-scriptsycsb-and-main-job-scriptsbenchmark",
        slug("Launcher (`scripts/ycsb`) and main job (`scripts/benchmark`)"));
    assertEquals("scriptsverify", slug("scripts/verify"));
    assertEquals("cirun", slug(".ci/run"));
    assertEquals("latency-honesty-coordinated-omission", slug("Latency honesty: coordinated omission"));
    Path page = Files.writeString(tmp.resolve("p.md"), "# A\n\n```\n# not a heading\n```\n\n## A\n### The `b`: c\n");
    assertEquals(new TreeSet<>(List.of("a", "a-1", "the-b-c")), new TreeSet<>(headingAnchors(page)));
  }
}
