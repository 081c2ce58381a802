package com.mytopling.ycsb.results.chart;

import com.mytopling.ycsb.results.model.RunSummary;
import java.nio.file.Path;

/** A run to chart, with the folder its summary's relative hdr log paths start from (null if unknown). */
public record ChartedRun(RunSummary summary, Path folder) {
  public String label() {
    return summary.run;
  }
}
