package com.mytopling.ycsb.results.parse;

/** One "[SERIES], Measurement, value" line of YCSB's final report (or one object of its JSON exporters). */
public record MeasurementLine(String series, String measurement, double value) {
}
