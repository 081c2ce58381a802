package com.mytopling.ycsb.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.core.PropertyReader;
import com.mytopling.ycsb.core.cli.UsageException;
import io.fabric8.kubernetes.api.model.Toleration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** The client pods' options (scaleout.kubernetes.*) and how auto requests are settled from the nodes. */
class KubePodTest {
  private static KubePod of(String... kv) throws UsageException {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return KubePod.of(new PropertyReader(p));
  }

  @Test
  void theDefaultsAreAutoRequestsOnThePodNetworkWithNothingElse() throws Exception {
    KubePod p = of();
    assertEquals("auto", p.cpu());
    assertEquals("auto", p.memory());
    assertEquals(false, p.hostNetwork());
    assertEquals("IfNotPresent", p.pullPolicy());
    assertEquals(Map.of(), p.nodeSelector());
    KubePod d = p.withDefaults(16);
    assertEquals("8", d.cpu());
    assertEquals("2Gi", d.memory());
    assertEquals("1", p.withDefaults(1).cpu());
  }

  @Test
  void optionsAreReadAndBadOnesAreRefusedInOneLine() throws Exception {
    KubePod p = of("scaleout.kubernetes.hostnetwork", "true", "scaleout.kubernetes.nodeselector",
        "pool=bench, kubernetes.io/arch=amd64", "scaleout.kubernetes.tolerations", "dedicated=bench:NoSchedule,gpu",
        "scaleout.kubernetes.imagepullpolicy", "Never", "scaleout.kubernetes.imagepullcredentials", "regcred",
        "scaleout.kubernetes.cpu.limit", "2", "scaleout.kubernetes.memory", "1Gi");
    assertTrue(p.hostNetwork());
    assertEquals(Map.of("pool", "bench", "kubernetes.io/arch", "amd64"), p.nodeSelector());
    Toleration t = p.tolerations().get(0);
    assertEquals(List.of("dedicated", "Equal", "bench", "NoSchedule"), List.of(t.getKey(), t.getOperator(),
        t.getValue(), t.getEffect()));
    Toleration any = p.tolerations().get(1);
    assertEquals("Exists", any.getOperator());
    assertEquals(null, any.getEffect());
    assertEquals("Never", p.pullPolicy());
    assertEquals(List.of("regcred"), p.pullSecrets());
    assertEquals("2", p.cpuLimit());
    assertEquals("1Gi", p.memory());

    assertEquals("scaleout.kubernetes.cpu: 'lots' is not a Kubernetes quantity (e.g. 2, 500m, 2Gi) or auto",
        assertThrows(UsageException.class, () -> of("scaleout.kubernetes.cpu", "lots")).getMessage());
    assertEquals("scaleout.kubernetes.nodeselector: 'pool' is not label=value",
        assertThrows(UsageException.class, () -> of("scaleout.kubernetes.nodeselector", "pool")).getMessage());
    assertEquals("scaleout.kubernetes.tolerations: 'a=b:Sometimes': the effect is none of NoSchedule, "
        + "PreferNoSchedule, NoExecute",
        assertThrows(UsageException.class, () -> of("scaleout.kubernetes.tolerations", "a=b:Sometimes")).getMessage());
    assertTrue(assertThrows(UsageException.class, () -> of("scaleout.kubernetes.imagepullpolicy", "Sometimes"))
        .getMessage().contains("scaleout.kubernetes.imagepullpolicy"));
  }

  @Test
  void autoTakesTheNodesFairShareAfterWhatTheirPodsRequest() throws Exception {
    // kube-local's node: 2 CPUs, about 23 GiB; a server pod there requests 200m.
    List<KubePod.Node> nodes = KubePod.nodes("localhost\t2\t24000000Ki\t\tTrue\t\n",
        "localhost\t200m/512Mi\nlocalhost\t/\n");
    KubePod three = of().fit(3, 2, nodes);
    assertEquals("600m", three.cpu());
    assertEquals("2Gi", three.memory());
    KubePod one = of().fit(1, 2, nodes);
    assertEquals("1", one.cpu());
  }

  @Test
  void nodesThatCannotRunAClientAreNotCountedAndTooLittleIsRefused() throws Exception {
    List<KubePod.Node> nodes = KubePod.nodes("a\t4\t8Gi\t\tTrue\tdedicated=db:NoSchedule,\n"
        + "b\t4\t8Gi\ttrue\tTrue\t\nc\t1\t8Gi\t\tFalse\t\nd\t1\t4Gi\t\tTrue\tsoft=:PreferNoSchedule,\n", "");
    KubePod.DoesNotFit big = assertThrows(KubePod.DoesNotFit.class, () -> of("scaleout.kubernetes.cpu", "2").fit(1, 4,
        nodes));
    assertEquals("1 client of 2 CPU and 2Gi memory does not fit: the nodes have d 1 CPU, 4096Mi allocatable beyond "
        + "what their pods request (not counted: a: taint dedicated=db:NoSchedule not tolerated "
        + "(scaleout.kubernetes.tolerations); b: cordoned or not Ready; c: cordoned or not Ready); room for 0 (set "
        + "scaleout.kubernetes.cpu / scaleout.kubernetes.memory lower, or fewer --clients)", big.getMessage());
    // Tolerated, node a counts: 4 + 1 CPUs for 2 clients of 2.
    KubePod tolerant = of("scaleout.kubernetes.tolerations", "dedicated=db:NoSchedule", "scaleout.kubernetes.cpu", "2");
    assertEquals("2", tolerant.fit(2, 4, nodes).cpu());
    KubePod.DoesNotFit none = assertThrows(KubePod.DoesNotFit.class, () -> of().fit(1, 4,
        KubePod.nodes("b\t4\t8Gi\ttrue\tTrue\t\n", "")));
    assertEquals("no node can run a client (b: cordoned or not Ready)", none.getMessage());
    KubePod.DoesNotFit tiny = assertThrows(KubePod.DoesNotFit.class, () -> of().fit(30, 4,
        KubePod.nodes("d\t1\t4Gi\t\tTrue\t\n", "")));
    assertTrue(tiny.getMessage().startsWith("30 clients of 33m CPU and 136Mi memory: all the nodes have d 1 CPU, "
        + "4096Mi"), tiny.getMessage());
  }
}
