package com.mytopling.ycsb.launcher.ci;

import java.nio.file.Path;
import java.util.Map;

/**
 * One side of a comparison: the server it measures, the properties it adds to every run (as {@code -p}, so they
 * win over the workload and target files), and the harness tree that runs it (null: this one).
 *
 * @param targetFile the db properties file naming the server (URL and user; the password stays in the
 *     environment)
 */
record Side(String label, JobServer server, Map<String, String> props, Path tree, Path targetFile) {
  Side withProps(String label, Map<String, String> morePropsInOrder) {
    Map<String, String> all = new java.util.LinkedHashMap<>(props);
    all.putAll(morePropsInOrder);
    return new Side(label, server, all, tree, targetFile);
  }
}
