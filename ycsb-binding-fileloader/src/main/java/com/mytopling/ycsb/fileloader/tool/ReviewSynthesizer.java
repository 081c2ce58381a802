package com.mytopling.ycsb.fileloader.tool;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * Writes synthetic reviews in the SNAP movies format with the shape of the real set (which cannot
 * be downloaded here): eight fields; ids like ASINs and Amazon user ids; score 5 for about half
 * the reviews; helpfulness mostly 0/0; review texts of a few hundred characters on average with a
 * long tail; HTML fragments ({@code <br />}, {@code &quot;}); ISO-8859-1 letters; about one text
 * in eight repeated from an earlier review by the same user on another product (the real set
 * lists reviews once per edition of a film); a few texts wrapped onto extra lines; and a few
 * repeated product/user pairs. Same seed, same bytes.
 */
public final class ReviewSynthesizer {
  private static final String[] WORDS = {
    "the", "a", "and", "of", "to", "is", "in", "it", "this", "that", "film", "movie", "was", "for", "with",
    "as", "but", "on", "not", "you", "his", "are", "have", "one", "be", "all", "at", "by", "who", "an",
    "from", "so", "like", "her", "just", "about", "out", "if", "what", "some", "there", "good", "more",
    "when", "very", "story", "even", "only", "see", "time", "great", "characters", "really", "well",
    "acting", "plot", "director", "scenes", "DVD", "watch", "love", "best", "classic", "performance",
    "music", "ending", "series", "season", "episode", "version", "edition", "quality", "picture",
    "sound", "extras", "disc", "Blu-ray", "widescreen", "recommend", "funny", "boring", "beautiful",
    "wonderful", "terrible", "brilliant", "original", "remake", "sequel", "cast", "role", "script",
  };
  /** ISO-8859-1 words and signs; rare, as in the real reviews. */
  private static final String[] LATIN1_WORDS = {
    "café", "naïve", "Amélie", "señor", "Björk", "Pokémon", "déjà", "vu", "résumé", "Zoë", "façade",
    "über", "cliché", "fiancée", "São", "Paulo", "Müller", "Ångström", "piñata", "jalapeño", "crème",
    "brûlée", "½", "°", "£", "©", "«", "»", "¿", "¡",
  };
  private static final String[] HTML = {
    "<br /><br />", "&quot;", "&amp;", "<i>", "</i>", "<b>", "</b>", "<p>", "&#34;",
  };
  private static final String[] FIRST_NAMES = {
    "John", "Mary", "Brian E.", "Linda", "Robert", "Patricia", "Michael", "Jennifer", "David", "Élodie",
    "José", "Søren", "Chris", "Kim", "Alex", "Sam", "Dana", "Lee", "Pat", "Jordan",
  };
  private static final String[] LAST_NAMES = {
    "Smith", "Johnson", "Erland", "Brown", "Jones", "García", "Miller", "Davis", "Müller", "Wilson",
    "Moore", "Taylor", "Anderson", "Thomas", "Jackson", "White", "Harris", "Martin", "Thompson", "Núñez",
  };
  private static final char[] ID_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ".toCharArray();
  /** Cumulative share of scores 1..5 (the real set leans strongly to 5). */
  private static final double[] SCORE_CDF = {0.07, 0.13, 0.24, 0.46, 1.0};
  /** 1997-08-20 .. 2012-10-25, the span of the real set; review times are midnights UTC. */
  private static final long FIRST_DAY = 10_093;
  private static final long LAST_DAY = 15_638;

  private final SplittableRandom random;
  private final StringBuilder sb = new StringBuilder(8192);
  private final RecentReviews recent = new RecentReviews(4096);

  public ReviewSynthesizer(long seed) {
    this.random = new SplittableRandom(seed);
  }

  /** Writes {@code records} reviews, ISO-8859-1 encoded, separated by blank lines. */
  public void write(long records, OutputStream out) throws IOException {
    for (long i = 0; i < records; i++) {
      sb.setLength(0);
      appendReview(sb);
      out.write(sb.toString().getBytes(StandardCharsets.ISO_8859_1));
    }
  }

  private void appendReview(StringBuilder out) {
    String product = productId();
    String user;
    String profile;
    String text;
    String summary;
    RecentReviews.Review earlier = random.nextDouble() < 0.13 ? recent.pick(random) : null;
    if (earlier != null) {
      // The same review listed under another product (edition); now and then under the same one.
      user = earlier.user;
      profile = earlier.profile;
      text = earlier.text;
      summary = earlier.summary;
      if (random.nextDouble() < 0.05) {
        product = earlier.product;
      }
    } else {
      boolean anonymous = random.nextDouble() < 0.02;
      user = anonymous ? "unknown" : userId();
      profile = anonymous ? "unknown" : profileName();
      text = reviewText();
      summary = summary();
      recent.add(new RecentReviews.Review(product, user, profile, text, summary), random);
    }
    int helpfulTotal = random.nextDouble() < 0.45 ? 0 : (int) Math.min(5000, Math.exp(random.nextDouble() * 5));
    int helpful = helpfulTotal == 0 ? 0 : random.nextInt(helpfulTotal + 1);
    out.append("product/productId: ").append(product).append('\n');
    out.append("review/userId: ").append(user).append('\n');
    out.append("review/profileName: ").append(profile).append('\n');
    out.append("review/helpfulness: ").append(helpful).append('/').append(helpfulTotal).append('\n');
    out.append("review/score: ").append(score()).append(".0\n");
    out.append("review/time: ").append((FIRST_DAY + random.nextLong(LAST_DAY - FIRST_DAY + 1)) * 86_400L).append('\n');
    out.append("review/summary: ").append(summary).append('\n');
    out.append("review/text: ").append(text).append("\n\n");
  }

  private int score() {
    double u = random.nextDouble();
    for (int s = 0; s < SCORE_CDF.length; s++) {
      if (u < SCORE_CDF[s]) {
        return s + 1;
      }
    }
    return 5;
  }

  private String productId() {
    StringBuilder id = new StringBuilder(10);
    if (random.nextDouble() < 0.7) {
      id.append("B00");
      for (int i = 0; i < 7; i++) {
        id.append(ID_CHARS[random.nextInt(ID_CHARS.length)]);
      }
    } else {
      // ISBN-like numeric ids of older VHS/DVD listings; a small pool so products repeat.
      id.append(String.format(java.util.Locale.ROOT, "%010d", 6_300_000_000L + random.nextInt(200_000)));
    }
    return id.toString();
  }

  private String userId() {
    StringBuilder id = new StringBuilder(14).append('A');
    int n = 12 + random.nextInt(2);
    for (int i = 0; i < n; i++) {
      id.append(ID_CHARS[random.nextInt(ID_CHARS.length)]);
    }
    return id.toString();
  }

  private String profileName() {
    String name = FIRST_NAMES[random.nextInt(FIRST_NAMES.length)] + " " + LAST_NAMES[random.nextInt(LAST_NAMES.length)];
    double u = random.nextDouble();
    if (u < 0.1) {
      return name + " \"" + word() + " fan\"";
    }
    if (u < 0.15) {
      return name + " (" + LAST_NAMES[random.nextInt(LAST_NAMES.length)] + ", TX)";
    }
    return name;
  }

  private String summary() {
    int words = 1 + random.nextInt(9);
    StringBuilder s = new StringBuilder(64);
    appendWords(s, words, false);
    if (random.nextDouble() < 0.2) {
      s.append('!');
    }
    return s.toString();
  }

  /** Log-normal length around 500 characters, capped like the real texts (about 30 000). */
  private String reviewText() {
    double gaussian = gaussian();
    int target = (int) Math.min(30_000, Math.max(20, Math.exp(6.2 + 0.9 * gaussian)));
    StringBuilder s = new StringBuilder(target + 32);
    boolean wraps = random.nextDouble() < 0.03;
    while (s.length() < target) {
      int sentence = 5 + random.nextInt(15);
      appendWords(s, sentence, true);
      s.append(random.nextDouble() < 0.1 ? "! " : ". ");
      double u = random.nextDouble();
      if (u < 0.08) {
        s.append(HTML[random.nextInt(HTML.length)]);
      } else if (wraps && u < 0.2) {
        // A value that goes on on the next line; the line starts with a word, never blank.
        s.setLength(s.length() - 1);
        s.append('\n');
      }
    }
    // Trailing spaces and newlines do not survive round trips through every tool; end on a letter.
    while (s.length() > 0 && (s.charAt(s.length() - 1) == ' ' || s.charAt(s.length() - 1) == '\n')) {
      s.setLength(s.length() - 1);
    }
    return s.toString();
  }

  private void appendWords(StringBuilder s, int count, boolean capitalise) {
    for (int w = 0; w < count; w++) {
      if (w > 0) {
        s.append(' ');
      }
      String word = word();
      if (w == 0 && capitalise && Character.isLowerCase(word.charAt(0))) {
        s.append(Character.toUpperCase(word.charAt(0))).append(word, 1, word.length());
      } else {
        s.append(word);
      }
    }
  }

  /** Skewed word choice: common words much more often, as in real text; now and then a Latin-1 one. */
  private String word() {
    if (random.nextDouble() < 0.001) {
      return LATIN1_WORDS[random.nextInt(LATIN1_WORDS.length)];
    }
    double u = random.nextDouble();
    return WORDS[(int) (Math.pow(u, 2.5) * WORDS.length)];
  }

  private double gaussian() {
    // Box-Muller from the seeded generator, so the output does not depend on JDK internals.
    double u1 = 1.0 - random.nextDouble();
    double u2 = random.nextDouble();
    return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
  }

  /** A bounded pool of recent reviews to repeat, so memory stays flat for any record count. */
  private static final class RecentReviews {
    private final Review[] pool;
    private int size;

    RecentReviews(int capacity) {
      pool = new Review[capacity];
    }

    void add(Review r, SplittableRandom random) {
      if (size < pool.length) {
        pool[size++] = r;
      } else {
        pool[random.nextInt(pool.length)] = r;
      }
    }

    Review pick(SplittableRandom random) {
      return size == 0 ? null : pool[random.nextInt(size)];
    }

    record Review(String product, String user, String profile, String text, String summary) {
    }
  }
}
