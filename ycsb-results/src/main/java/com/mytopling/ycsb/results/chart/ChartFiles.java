package com.mytopling.ycsb.results.chart;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.internal.chartpart.Chart;

/** Writes a chart as PNG and SVG side by side: PNG to look at, SVG to publish at any size. */
public final class ChartFiles {
  private ChartFiles() {
  }

  /** @return the two files written */
  public static List<Path> save(Chart<?, ?> chart, Path dir, String baseName) throws IOException {
    Path base = dir.resolve(baseName);
    BitmapEncoder.saveBitmap(chart, base.toString(), BitmapEncoder.BitmapFormat.PNG);
    VectorGraphicsEncoder.saveVectorGraphic(chart, base.toString(), VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
    List<Path> files = new ArrayList<>();
    files.add(dir.resolve(baseName + ".png"));
    files.add(dir.resolve(baseName + ".svg"));
    return files;
  }

  /** A file-name-safe form of an operation or run name. */
  public static String slug(String name) {
    return name.replaceAll("[^A-Za-z0-9._-]+", "_");
  }
}
