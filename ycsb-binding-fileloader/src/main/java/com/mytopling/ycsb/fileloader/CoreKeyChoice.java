package com.mytopling.ycsb.fileloader;

import java.lang.reflect.Field;
import java.util.concurrent.ThreadLocalRandom;
import site.ycsb.Utils;
import site.ycsb.generator.AcknowledgedCounterGenerator;
import site.ycsb.generator.ExponentialGenerator;
import site.ycsb.generator.NumberGenerator;
import site.ycsb.generator.ScrambledZipfianGenerator;
import site.ycsb.generator.ZipfianGenerator;

/**
 * YCSB CoreWorkload's choice of the key number an operation reads, updates or scans from (its nextKeynum, which it
 * keeps package-private): the one copy for the workloads built on CoreWorkload, the file workload and the launcher's
 * LeanCoreWorkload. The same draws in the same order as YCSB's, so one seed gives the same keys
 * (LeanCoreWorkloadTest); for the scrambled zipfian distribution (workload files' default) without a boxed Long, a
 * write of a "last value" all threads share, or a Math.pow of a constant per operation.
 */
public final class CoreKeyChoice {
  private final NumberGenerator keychooser;
  private final AcknowledgedCounterGenerator inserted;
  private final ZipfianKeys zipfian;

  /** CoreWorkload's keychooser and transactioninsertkeysequence, after its init. */
  public CoreKeyChoice(NumberGenerator keychooser, AcknowledgedCounterGenerator inserted) {
    this.keychooser = keychooser;
    this.inserted = inserted;
    this.zipfian = keychooser instanceof ScrambledZipfianGenerator s ? ZipfianKeys.of(s) : null;
  }

  /** The next key number: one the load or an acknowledged insert made. */
  public long next() {
    long keynum;
    if (zipfian != null) {
      do {
        keynum = (int) zipfian.next();
      } while (keynum > inserted.lastValue());
    } else if (keychooser instanceof ExponentialGenerator) {
      do {
        keynum = inserted.lastValue() - keychooser.nextValue().intValue();
      } while (keynum < 0);
    } else {
      do {
        keynum = keychooser.nextValue().intValue();
      } while (keynum > inserted.lastValue());
    }
    return keynum;
  }

  /**
   * YCSB's ScrambledZipfianGenerator (its ZipfianGenerator over ITEM_COUNT items, FNV-hashed, modulo the key
   * range) with the constants copied from YCSB's own instance, so the arithmetic is the same to the bit.
   */
  private static final class ZipfianKeys {
    private final long min;
    private final long itemCount;
    private final long base;
    private final long items;
    private final double zetan;
    private final double eta;
    private final double alpha;
    /** 1 + 0.5^theta: YCSB computes it on every call. */
    private final double secondThreshold;

    private ZipfianKeys(long min, long itemCount, long base, long items, double zetan, double eta, double alpha,
                        double theta) {
      this.min = min;
      this.itemCount = itemCount;
      this.base = base;
      this.items = items;
      this.zetan = zetan;
      this.eta = eta;
      this.alpha = alpha;
      this.secondThreshold = 1.0 + Math.pow(0.5, theta);
    }

    static ZipfianKeys of(ScrambledZipfianGenerator scrambled) {
      try {
        ZipfianGenerator gen = (ZipfianGenerator) field(ScrambledZipfianGenerator.class, "gen").get(scrambled);
        long items = field(ZipfianGenerator.class, "items").getLong(gen);
        if (items != field(ZipfianGenerator.class, "countforzeta").getLong(gen)) {
          return null; // not the shape YCSB's scrambled generator builds: use it as it is
        }
        return new ZipfianKeys(field(ScrambledZipfianGenerator.class, "min").getLong(scrambled),
            field(ScrambledZipfianGenerator.class, "itemcount").getLong(scrambled),
            field(ZipfianGenerator.class, "base").getLong(gen), items,
            field(ZipfianGenerator.class, "zetan").getDouble(gen), field(ZipfianGenerator.class, "eta").getDouble(gen),
            field(ZipfianGenerator.class, "alpha").getDouble(gen), field(ZipfianGenerator.class, "theta").getDouble(gen));
      } catch (ReflectiveOperationException | RuntimeException e) {
        return null; // another YCSB version: its own generator runs
      }
    }

    private static Field field(Class<?> c, String name) throws NoSuchFieldException {
      Field f = c.getDeclaredField(name);
      f.setAccessible(true);
      return f;
    }

    /** ZipfianGenerator.nextLong(items), then the scrambling of ScrambledZipfianGenerator.nextValue. */
    long next() {
      double u = ThreadLocalRandom.current().nextDouble();
      double uz = u * zetan;
      long ret;
      if (uz < 1.0) {
        ret = base;
      } else if (uz < secondThreshold) {
        ret = base + 1;
      } else {
        ret = base + (long) (items * Math.pow(eta * u - eta + 1, alpha));
      }
      return min + Utils.fnvhash64(ret) % itemCount;
    }
  }
}
