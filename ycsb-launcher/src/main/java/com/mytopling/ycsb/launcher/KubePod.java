package com.mytopling.ycsb.launcher;

import com.mytopling.ycsb.core.ConfigException;
import com.mytopling.ycsb.core.PropertyReader;
import com.mytopling.ycsb.core.cli.UsageException;
import com.mytopling.ycsb.core.config.Registry;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Toleration;
import io.fabric8.kubernetes.api.model.TolerationBuilder;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How each client pod of --on kubernetes is placed and sized (the scaleout.kubernetes.* properties): host network,
 * requests and limits, node selector, tolerations, image pull policy and secrets. Requests may be {@code auto}: then
 * {@link #fit} settles them from what the nodes that could run a client still have allocatable, before the Job is
 * created, and refuses a size the nodes cannot hold with one line (instead of pods Pending until the start timeout).
 */
record KubePod(boolean hostNetwork, String cpu, String memory, String cpuLimit, String memoryLimit,
               Map<String, String> nodeSelector, List<Toleration> tolerations, String pullPolicy,
               List<String> pullSecrets) {
  static final String AUTO = "auto";

  /** imagePullPolicy as the API spells it; the property takes it in any letter case. */
  private static String pullPolicy(String v) throws UsageException {
    for (String w : Registry.SCALEOUT_K8S_PULLPOLICY.choices()) {
      if (w.equalsIgnoreCase(v)) {
        return w;
      }
    }
    throw new UsageException(Registry.SCALEOUT_K8S_PULLPOLICY.name() + ": '" + v + "' is none of "
        + String.join(", ", Registry.SCALEOUT_K8S_PULLPOLICY.choices()));
  }
  /** What a client asks for when the nodes are not asked (--render, docker, a cluster that hides its nodes). */
  static final String DEFAULT_MEMORY = "2Gi";
  /** Below these a client JVM is not worth starting: the fit refuses rather than squeeze it. */
  private static final BigDecimal MIN_CPU = new BigDecimal("0.1");
  private static final BigDecimal MIN_MEMORY = BigDecimal.valueOf(256L << 20);
  private static final String QUANTITY = "\\d+(\\.\\d+)?(m|k|M|G|T|Ki|Mi|Gi|Ti)?";

  /** A pod with these requests and nothing else (tests, and the shape of the defaults). */
  static KubePod requests(String cpu, String memory) {
    return new KubePod(false, cpu, memory, null, null, Map.of(), List.of(), "IfNotPresent", List.of());
  }

  /** From the job's resolved settings; bad values are bad input (exit 2), before anything connects. */
  static KubePod of(PropertyReader r) throws UsageException {
    try {
      String cpu = quantity(Registry.SCALEOUT_K8S_CPU, r.string(Registry.SCALEOUT_K8S_CPU), true);
      String memory = quantity(Registry.SCALEOUT_K8S_MEMORY, r.string(Registry.SCALEOUT_K8S_MEMORY), true);
      String cpuLimit = quantity(Registry.SCALEOUT_K8S_CPU_LIMIT, r.string(Registry.SCALEOUT_K8S_CPU_LIMIT), false);
      String memoryLimit = quantity(Registry.SCALEOUT_K8S_MEMORY_LIMIT, r.string(Registry.SCALEOUT_K8S_MEMORY_LIMIT),
          false);
      Map<String, String> selector = new LinkedHashMap<>();
      for (String kv : items(r.string(Registry.SCALEOUT_K8S_NODESELECTOR))) {
        int eq = kv.indexOf('=');
        if (eq <= 0 || !kv.substring(0, eq).matches(LABEL_KEY) || !kv.substring(eq + 1).matches(LABEL_VALUE)) {
          throw new UsageException(Registry.SCALEOUT_K8S_NODESELECTOR.name() + ": '" + kv + "' is not label=value");
        }
        selector.put(kv.substring(0, eq), kv.substring(eq + 1));
      }
      List<Toleration> tolerations = new ArrayList<>();
      for (String t : items(r.string(Registry.SCALEOUT_K8S_TOLERATIONS))) {
        tolerations.add(toleration(t));
      }
      List<String> secrets = items(r.string(Registry.SCALEOUT_K8S_PULLSECRET));
      for (String s : secrets) {
        if (!s.matches("[a-z0-9]([-a-z0-9.]*[a-z0-9])?") || s.length() > 253) {
          throw new UsageException(Registry.SCALEOUT_K8S_PULLSECRET.name() + ": '" + s + "' is not a Secret's name");
        }
      }
      return new KubePod(r.bool(Registry.SCALEOUT_K8S_HOSTNETWORK), cpu, memory, cpuLimit, memoryLimit, selector,
          tolerations, pullPolicy(r.string(Registry.SCALEOUT_K8S_PULLPOLICY)), secrets);
    } catch (ConfigException e) {
      throw new UsageException(e.getMessage());
    }
  }

  private static final String LABEL_KEY = "([a-z0-9]([-a-z0-9.]*[a-z0-9])?/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?";
  private static final String LABEL_VALUE = "([A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?)?";

  private static List<String> items(String list) {
    List<String> out = new ArrayList<>();
    if (list != null) {
      for (String s : list.split(",")) {
        if (!s.isBlank()) {
          out.add(s.strip());
        }
      }
    }
    return out;
  }

  private static String quantity(com.mytopling.ycsb.core.config.Property p, String value, boolean autoAllowed)
      throws UsageException {
    if (value == null || (autoAllowed && value.equals(AUTO))) {
      return value;
    }
    if (!value.matches(QUANTITY)) {
      throw new UsageException(p.name() + ": '" + value + "' is not a Kubernetes quantity (e.g. 2, 500m, 2Gi)"
          + (autoAllowed ? " or auto" : ""));
    }
    return value;
  }

  /** key[=value][:effect]: =value is operator Equal, none is Exists; no effect tolerates every effect. */
  static Toleration toleration(String t) throws UsageException {
    String effect = null;
    String rest = t;
    int colon = t.lastIndexOf(':');
    if (colon >= 0) {
      effect = t.substring(colon + 1);
      rest = t.substring(0, colon);
      if (!List.of("NoSchedule", "PreferNoSchedule", "NoExecute").contains(effect)) {
        throw new UsageException(Registry.SCALEOUT_K8S_TOLERATIONS.name() + ": '" + t + "': the effect is none of "
            + "NoSchedule, PreferNoSchedule, NoExecute");
      }
    }
    int eq = rest.indexOf('=');
    String key = eq < 0 ? rest : rest.substring(0, eq);
    String value = eq < 0 ? null : rest.substring(eq + 1);
    if (!key.matches(LABEL_KEY) || (value != null && !value.matches(LABEL_VALUE))) {
      throw new UsageException(Registry.SCALEOUT_K8S_TOLERATIONS.name() + ": '" + t + "' is not key[=value][:effect]");
    }
    return new TolerationBuilder().withKey(key).withOperator(value == null ? "Exists" : "Equal").withValue(value)
        .withEffect(effect).build();
  }

  /** Requests without the cluster: auto is threads/2 CPUs (at least 1) and 2Gi. */
  KubePod withDefaults(long threads) {
    return new KubePod(hostNetwork, AUTO.equals(cpu) ? Long.toString(Math.max(1, threads / 2)) : cpu,
        AUTO.equals(memory) ? DEFAULT_MEMORY : memory, cpuLimit, memoryLimit, nodeSelector, tolerations, pullPolicy,
        pullSecrets);
  }

  /** One node as kubectl lists it, with what its pods already request. */
  record Node(String name, BigDecimal cpu, BigDecimal memory, boolean schedulable, List<String> taints) {
  }

  /** The nodes cannot hold the clients (or none could run one): the one line that says so. */
  static final class DoesNotFit extends Exception {
    DoesNotFit(String message) {
      super(message);
    }
  }

  /**
   * Settles auto requests from the nodes that could run a client (schedulable, matching the selector, every
   * NoSchedule/NoExecute taint tolerated; {@code nodes} already has what running pods request taken off) and checks
   * that {@code clients} pods of the result can be placed, each on one node.
   */
  KubePod fit(int clients, long threads, List<Node> nodes) throws DoesNotFit {
    List<Node> usable = new ArrayList<>();
    List<String> skipped = new ArrayList<>();
    for (Node n : nodes) {
      String why = !n.schedulable() ? "cordoned or not Ready" : untolerated(n.taints());
      if (why == null) {
        usable.add(n);
      } else {
        skipped.add(n.name() + ": " + why);
      }
    }
    String selector = nodeSelector.isEmpty() ? "" : " with " + String.join(",", nodeSelector.entrySet().stream()
        .map(e -> e.getKey() + "=" + e.getValue()).toList());
    if (usable.isEmpty()) {
      throw new DoesNotFit("no node" + selector + " can run a client" + (skipped.isEmpty() ? "" : " ("
          + String.join("; ", skipped) + ")"));
    }
    BigDecimal freeCpu = BigDecimal.ZERO;
    BigDecimal freeMemory = BigDecimal.ZERO;
    for (Node n : usable) {
      freeCpu = freeCpu.add(n.cpu().max(BigDecimal.ZERO));
      freeMemory = freeMemory.add(n.memory().max(BigDecimal.ZERO));
    }
    BigDecimal n = BigDecimal.valueOf(clients);
    String c = cpu;
    if (AUTO.equals(cpu)) {
      // Millicores, rounded down: the fair share never asks for more than there is.
      BigDecimal share = freeCpu.multiply(BigDecimal.valueOf(1000)).divide(n, 0, RoundingMode.FLOOR);
      BigDecimal wanted = BigDecimal.valueOf(Math.max(1, threads / 2) * 1000L);
      c = share.compareTo(wanted) < 0 ? share.toPlainString() + "m" : Long.toString(Math.max(1, threads / 2));
    }
    String m = memory;
    if (AUTO.equals(memory)) {
      BigDecimal mib = BigDecimal.valueOf(1L << 20);
      BigDecimal share = freeMemory.divide(n.multiply(mib), 0, RoundingMode.FLOOR);
      m = share.compareTo(BigDecimal.valueOf(2048)) < 0 ? share.toPlainString() + "Mi" : DEFAULT_MEMORY;
    }
    BigDecimal needCpu = amount(c);
    BigDecimal needMemory = amount(m);
    String what = clients + " client" + (clients == 1 ? "" : "s") + " of " + c + " CPU and " + m + " memory";
    String have = "the nodes" + selector + " have " + describe(usable) + " allocatable beyond what their pods request"
        + (skipped.isEmpty() ? "" : " (not counted: " + String.join("; ", skipped) + ")");
    if ((AUTO.equals(cpu) && needCpu.compareTo(MIN_CPU) < 0) || (AUTO.equals(memory) && needMemory.compareTo(MIN_MEMORY) < 0)) {
      throw new DoesNotFit(what + ": all " + have + ", too little for a client (set "
          + Registry.SCALEOUT_K8S_CPU.name() + " / " + Registry.SCALEOUT_K8S_MEMORY.name() + ", or fewer --clients)");
    }
    long placed = 0;
    for (Node node : usable) {
      long byCpu = needCpu.signum() == 0 ? clients : node.cpu().divide(needCpu, 0, RoundingMode.FLOOR).longValue();
      long byMemory = needMemory.signum() == 0 ? clients
          : node.memory().divide(needMemory, 0, RoundingMode.FLOOR).longValue();
      placed += Math.max(0, Math.min(byCpu, byMemory));
    }
    if (placed < clients) {
      throw new DoesNotFit(what + (clients == 1 ? " does" : " do") + " not fit: " + have + "; room for " + placed
          + " (set " + Registry.SCALEOUT_K8S_CPU.name() + " / " + Registry.SCALEOUT_K8S_MEMORY.name()
          + " lower, or fewer --clients)");
    }
    return new KubePod(hostNetwork, c, m, cpuLimit, memoryLimit, nodeSelector, tolerations, pullPolicy, pullSecrets);
  }

  /** Why a node's taints keep a client off it, or null when every NoSchedule/NoExecute taint is tolerated. */
  private String untolerated(List<String> taints) {
    for (String t : taints) {
      // key=value:effect, as the node lister prints it
      int colon = t.lastIndexOf(':');
      int eq = t.indexOf('=');
      String effect = colon < 0 ? "" : t.substring(colon + 1);
      if (effect.equals("PreferNoSchedule") || effect.isEmpty()) {
        continue;
      }
      String key = eq < 0 || eq > colon ? t.substring(0, colon) : t.substring(0, eq);
      String value = eq < 0 || eq > colon ? "" : t.substring(eq + 1, colon);
      boolean tolerated = tolerations.stream().anyMatch(o -> o.getKey().equals(key)
          && (o.getEffect() == null || o.getEffect().equals(effect))
          && (o.getOperator().equals("Exists") || value.equals(o.getValue())));
      if (!tolerated) {
        return "taint " + t + " not tolerated (" + Registry.SCALEOUT_K8S_TOLERATIONS.name() + ")";
      }
    }
    return null;
  }

  private static String describe(List<Node> nodes) {
    List<String> parts = new ArrayList<>();
    for (Node n : nodes) {
      parts.add(n.name() + " " + n.cpu().stripTrailingZeros().toPlainString() + " CPU, "
          + n.memory().divide(BigDecimal.valueOf(1L << 20), 0, RoundingMode.FLOOR) + "Mi");
    }
    return String.join("; ", parts);
  }

  /** A quantity's amount in its base unit (cores, bytes); an empty one is zero. */
  static BigDecimal amount(String q) {
    return q == null || q.isBlank() ? BigDecimal.ZERO : Quantity.getAmountInBytes(new Quantity(q));
  }

  /**
   * The nodes from kubectl's lines: name, allocatable CPU and memory, spec.unschedulable, the Ready condition's status
   * and the taints (key=value:effect,...), tab-separated; and what the listed pods request per node (node, then one
   * cpu/memory pair per container). A node's requested amounts are taken off its allocatable.
   */
  static List<Node> nodes(String nodeLines, String podLines) {
    Map<String, BigDecimal[]> requested = new LinkedHashMap<>();
    for (String line : podLines.split("\n")) {
      String[] f = line.split("\t");
      if (f.length < 2 || f[0].isBlank()) {
        continue;
      }
      BigDecimal[] sum = requested.computeIfAbsent(f[0].strip(), k -> new BigDecimal[] {BigDecimal.ZERO,
          BigDecimal.ZERO});
      for (int i = 1; i < f.length; i++) {
        String[] cm = f[i].split("/", -1);
        try {
          sum[0] = sum[0].add(amount(cm[0].strip()));
          sum[1] = sum[1].add(cm.length > 1 ? amount(cm[1].strip()) : BigDecimal.ZERO);
        } catch (IllegalArgumentException | ArithmeticException e) {
          // a quantity this parser does not know: that container counts as requesting nothing
        }
      }
    }
    List<Node> nodes = new ArrayList<>();
    for (String line : nodeLines.split("\n")) {
      String[] f = line.split("\t", -1);
      if (f.length < 5 || f[0].isBlank()) {
        continue;
      }
      BigDecimal[] used = requested.getOrDefault(f[0], new BigDecimal[] {BigDecimal.ZERO, BigDecimal.ZERO});
      List<String> taints = new ArrayList<>();
      if (f.length > 5) {
        for (String t : f[5].split(",")) {
          if (!t.isBlank()) {
            taints.add(t.strip());
          }
        }
      }
      try {
        nodes.add(new Node(f[0], amount(f[1]).subtract(used[0]), amount(f[2]).subtract(used[1]),
            !f[3].strip().toLowerCase(Locale.ROOT).equals("true") && f[4].strip().equals("True"), taints));
      } catch (IllegalArgumentException | ArithmeticException e) {
        // a node whose allocatable is not a quantity is not counted
      }
    }
    return nodes;
  }
}
