package com.mytopling.ycsb.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The files of monitoring/ agree with what the harness serves and renders: the Prometheus configuration scrapes the
 * ports --live gives local clients, the PodMonitor selects the Job's pods and their port, and every query of the
 * dashboard names figures the endpoint serves. (LiveMonitoringIT runs them against the real programs.)
 */
class MonitoringFilesTest {
  private static final Path MONITORING = Scripts.ROOT.resolve("monitoring");
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  @Test
  void prometheusScrapesTheLocalClientsPortsAndTheExporter() throws Exception {
    JsonNode config = YAML.readTree(MONITORING.resolve("prometheus.yml").toFile());
    List<String> ycsb = new ArrayList<>();
    for (JsonNode job : config.get("scrape_configs")) {
      if (job.get("job_name").asText().equals("ycsb")) {
        job.at("/static_configs/0/targets").forEach(t -> ycsb.add(t.asText()));
        assertTrue(job.path("honor_timestamps").asBoolean(true), "the figures carry their cuts' times");
      }
    }
    assertEquals(4, ycsb.size(), ycsb::toString);
    for (int i = 0; i < ycsb.size(); i++) {
      assertEquals("127.0.0.1:" + (Benchmark.DEFAULT_LIVE_PORT + i), ycsb.get(i));
    }
  }

  @Test
  void thePodMonitorSelectsTheJobsPodsAndTheirMetricsPort() throws Exception {
    JsonNode pm = YAML.readTree(MONITORING.resolve("podmonitor.yaml").toFile());
    assertEquals("PodMonitor", pm.get("kind").asText());
    assertEquals("ycsb-harness", pm.at("/spec/selector/matchLabels/app.kubernetes.io~1name").asText());
    assertEquals(KubeManifests.METRICS_PORT, pm.at("/spec/podMetricsEndpoints/0/port").asText());
    assertEquals("/metrics", pm.at("/spec/podMetricsEndpoints/0/path").asText());
    KubeManifests.Spec spec = new KubeManifests.Spec("ycsb-1", null, "h:1", 2, List.of("benchmark"), "a=b\n", "c=d\n",
        "e=f\n", KubePod.requests("1", "1Gi"), false, 600, 9470);
    Map<String, String> podLabels = KubeManifests.job(spec).getSpec().getTemplate().getMetadata().getLabels();
    assertEquals("ycsb-harness", podLabels.get("app.kubernetes.io/name"));
  }

  @Test
  void everyQueryOfTheDashboardNamesFiguresTheEndpointOrTheExporterServes() throws Exception {
    Map<String, String> queries = LiveMonitoringIT.dashboardQueries();
    assertTrue(queries.size() > 20, queries::toString);
    List<String> served = List.of("ycsb_operations_total", "ycsb_latency_seconds", "ycsb_latency_seconds_bucket",
        "ycsb_rows_total", "ycsb_client_cpu_seconds_total", "ycsb_state", "ycsb_measured_latency_seconds");
    Pattern metric = Pattern.compile("\\b(ycsb_[a-z_]+|mysql_[a-z_]+)\\b");
    for (Map.Entry<String, String> q : queries.entrySet()) {
      Matcher m = metric.matcher(q.getValue());
      boolean any = false;
      while (m.find()) {
        any = true;
        String name = m.group(1);
        assertTrue(served.contains(name) || name.startsWith("mysql_global_status_"), q.getKey() + " names " + name);
      }
      assertTrue(any, q.getKey() + " names no figure: " + q.getValue());
      assertFalse(q.getValue().contains("$__"), q.getKey() + ": the dashboard's own variables only ($run, $server, "
          + "$rate)");
    }
  }
}
