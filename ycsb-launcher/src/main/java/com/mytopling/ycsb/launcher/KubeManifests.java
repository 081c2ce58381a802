package com.mytopling.ycsb.launcher;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesResource;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Kubernetes objects of a benchmark spread over clients (scripts/benchmark --on kubernetes), built with fabric8's
 * typed models of the Kubernetes API and written as YAML: an Indexed Job whose pods are the clients, the ConfigMap
 * with the target's properties and the workload, and the Secret with the password (never rendered to a file: it goes
 * to kubectl on its standard input). {@link #validate} reads YAML back into the typed models and refuses what the
 * API's schema does not have (a field the model does not know, a value of the wrong type) or what the API server
 * would reject by its naming rules; the render checks its own output with it.
 */
final class KubeManifests {
  static final String CONFIG_DIR = "/etc/ycsb/config";
  static final String RESULTS_DIR = "/results";
  static final String TARGET_KEY = "target.properties";
  /** The job's resolved settings (its settings.properties), which every client starts from. */
  static final String SETTINGS_KEY = "settings.properties";
  static final String WORKLOAD_KEY = "workload";
  static final String PASSWORD_KEY = "password";
  static final String PASSWORD_ENV = com.mytopling.ycsb.core.Secrets.PASSWORD_ENV;
  static final String RUN_LABEL = "ycsb.mytopling.com/run";

  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory()
      .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
      .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
      .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS))
      .setSerializationInclusion(JsonInclude.Include.NON_EMPTY)
      .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);

  private static final Map<String, Class<? extends HasMetadata>> KINDS = Map.of(
      "Job", Job.class, "ConfigMap", ConfigMap.class, "Secret", Secret.class);

  /**
   * What the manifests are made of.
   *
   * @param livePort the port of each client's live endpoint (scripts/benchmark --live), 0 for none: the pods are then
   *                 annotated for Prometheus (prometheus.io/scrape, port, path) and the port named "metrics", which a
   *                 PodMonitor of Prometheus Operator selects (monitoring/podmonitor.yaml)
   */
  record Spec(String name, String namespace, String image, int clients, List<String> args, String targetProperties,
              String workload, String settings, KubePod pod, boolean secret, long deadlineS, int livePort) {
    /** The Job's deadline when none is given: a day (scaleout.job.timeout). */
    static final long DEFAULT_DEADLINE_S = 86_400;

    Spec(String name, String namespace, String image, int clients, List<String> args, String targetProperties,
         String workload, String settings, KubePod pod, boolean secret, long deadlineS) {
      this(name, namespace, image, clients, args, targetProperties, workload, settings, pod, secret, deadlineS, 0);
    }

    Spec(String name, String namespace, String image, int clients, List<String> args, String targetProperties,
         String workload, String settings, String cpu, String memory, boolean secret) {
      this(name, namespace, image, clients, args, targetProperties, workload, settings, KubePod.requests(cpu, memory),
          secret, DEFAULT_DEADLINE_S);
    }

    Spec withPod(KubePod p) {
      return new Spec(name, namespace, image, clients, args, targetProperties, workload, settings, p, secret, deadlineS,
          livePort);
    }
  }

  private KubeManifests() {
  }

  static String configMapName(String job) {
    return job + "-config";
  }

  static String secretName(String job) {
    return job + "-db";
  }

  static ConfigMap configMap(Spec s) {
    Map<String, String> data = new LinkedHashMap<>();
    data.put(TARGET_KEY, s.targetProperties());
    data.put(WORKLOAD_KEY, s.workload());
    data.put(SETTINGS_KEY, s.settings());
    return new ConfigMapBuilder().withNewMetadata().withName(configMapName(s.name())).withNamespace(s.namespace())
        .withLabels(labels(s)).endMetadata().withData(data).build();
  }

  /** The Secret as kubectl reads it on its standard input; never written to a file. */
  static Secret secret(Spec s, String password) {
    return new SecretBuilder().withNewMetadata().withName(secretName(s.name())).withNamespace(s.namespace())
        .withLabels(labels(s)).endMetadata().withType("Opaque").withStringData(Map.of(PASSWORD_KEY, password)).build();
  }

  /**
   * The Indexed Job: one pod per client (completions = parallelism = clients, so all run at once), none restarted
   * (backoffLimit 0, restartPolicy Never: a restarted client would distort the run and find its barrier place
   * taken), spread over nodes where the cluster can, the harness image started with the client's command line, and
   * a deadline (activeDeadlineSeconds: past it Kubernetes stops the pods and marks the Job failed, so a client that
   * hangs never holds the run or the cluster's resources for ever).
   */
  static Job job(Spec s) {
    KubePod p = s.pod();
    Map<String, Quantity> requests = new LinkedHashMap<>();
    requests.put("cpu", new Quantity(p.cpu()));
    requests.put("memory", new Quantity(p.memory()));
    Map<String, Quantity> limits = new LinkedHashMap<>();
    if (p.cpuLimit() != null) {
      limits.put("cpu", new Quantity(p.cpuLimit()));
    }
    if (p.memoryLimit() != null) {
      limits.put("memory", new Quantity(p.memoryLimit()));
    }
    JobBuilder b = new JobBuilder();
    return b.withNewMetadata().withName(s.name()).withNamespace(s.namespace()).withLabels(labels(s)).endMetadata()
        .withNewSpec()
          .withCompletionMode("Indexed").withCompletions(s.clients()).withParallelism(s.clients()).withBackoffLimit(0)
          .withActiveDeadlineSeconds(s.deadlineS())
          .withNewTemplate()
            .withNewMetadata().withLabels(labels(s)).withAnnotations(scrapeAnnotations(s)).endMetadata()
            .withNewSpec()
              .withRestartPolicy("Never")
              // On the node's network (scaleout.kubernetes.hostnetwork): cluster DNS still answers the pods.
              .withHostNetwork(p.hostNetwork() ? Boolean.TRUE : null)
              .withDnsPolicy(p.hostNetwork() ? "ClusterFirstWithHostNet" : null)
              .withNodeSelector(p.nodeSelector().isEmpty() ? null : p.nodeSelector())
              .withTolerations(p.tolerations().isEmpty() ? null : p.tolerations())
              .withImagePullSecrets(p.pullSecrets().isEmpty() ? null : p.pullSecrets().stream()
                  .map(n -> new io.fabric8.kubernetes.api.model.LocalObjectReference(n)).toList())
              .withNewAffinity().withNewPodAntiAffinity().addNewPreferredDuringSchedulingIgnoredDuringExecution()
                .withWeight(100).withNewPodAffinityTerm().withTopologyKey("kubernetes.io/hostname")
                .withNewLabelSelector().addToMatchLabels(RUN_LABEL, s.name()).endLabelSelector()
                .endPodAffinityTerm().endPreferredDuringSchedulingIgnoredDuringExecution().endPodAntiAffinity()
              .endAffinity()
              .addNewContainer().withName("client").withImage(s.image()).withImagePullPolicy(p.pullPolicy())
                .withArgs(s.args())
                .addAllToEnv(s.secret() ? List.of(new io.fabric8.kubernetes.api.model.EnvVarBuilder()
                    .withName(PASSWORD_ENV).withNewValueFrom().withNewSecretKeyRef().withName(secretName(s.name()))
                    .withKey(PASSWORD_KEY).endSecretKeyRef().endValueFrom().build()) : List.of())
                .withPorts(s.livePort() > 0 ? List.of(new io.fabric8.kubernetes.api.model.ContainerPortBuilder()
                    .withName(METRICS_PORT).withContainerPort(s.livePort()).withProtocol("TCP").build()) : List.of())
                .withNewResources().withRequests(requests).withLimits(limits.isEmpty() ? null : limits).endResources()
                .addNewVolumeMount().withName("config").withMountPath(CONFIG_DIR).withReadOnly(true).endVolumeMount()
                .addNewVolumeMount().withName("results").withMountPath(RESULTS_DIR).endVolumeMount()
              .endContainer()
              .addNewVolume().withName("config").withNewConfigMap().withName(configMapName(s.name())).endConfigMap()
                .endVolume()
              .addNewVolume().withName("results").withNewEmptyDir().endEmptyDir().endVolume()
            .endSpec()
          .endTemplate()
        .endSpec().build();
  }

  /** The name of the live endpoint's container port, which monitoring/podmonitor.yaml scrapes. */
  static final String METRICS_PORT = "metrics";

  /** The annotations Prometheus' usual Kubernetes scrape configuration looks for, when the clients have an endpoint. */
  private static Map<String, String> scrapeAnnotations(Spec s) {
    Map<String, String> a = new LinkedHashMap<>();
    if (s.livePort() > 0) {
      a.put("prometheus.io/scrape", "true");
      a.put("prometheus.io/port", Integer.toString(s.livePort()));
      a.put("prometheus.io/path", "/metrics");
    }
    return a;
  }

  private static Map<String, String> labels(Spec s) {
    Map<String, String> l = new LinkedHashMap<>();
    l.put("app.kubernetes.io/name", "ycsb-harness");
    l.put(RUN_LABEL, s.name());
    return l;
  }

  static String yaml(KubernetesResource r) {
    try {
      return YAML.writeValueAsString(r);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /** A problem with a manifest, in one line. */
  static final class InvalidManifest extends Exception {
    InvalidManifest(String message) {
      super(message);
    }
  }

  /**
   * Reads one YAML document into its typed model and checks it: a known kind, every field one the model knows with a
   * value of its type (the document written back from the model is the document read), names the API server takes.
   */
  static HasMetadata validate(String yaml) throws InvalidManifest {
    JsonNode tree;
    try {
      tree = YAML.readTree(yaml);
    } catch (JsonProcessingException e) {
      throw new InvalidManifest("not YAML: " + e.getOriginalMessage());
    }
    String kind = tree.path("kind").asText("");
    Class<? extends HasMetadata> type = KINDS.get(kind);
    if (type == null) {
      throw new InvalidManifest("kind '" + kind + "' is none of " + KINDS.keySet());
    }
    HasMetadata model;
    try {
      model = YAML.treeToValue(tree, type);
    } catch (JsonProcessingException e) {
      throw new InvalidManifest(kind + ": " + e.getOriginalMessage());
    }
    List<String> unknown = new ArrayList<>();
    unknownFields(model, kind, unknown);
    if (!unknown.isEmpty()) {
      throw new InvalidManifest(kind + ": fields the Kubernetes API does not have: " + String.join(", ", unknown));
    }
    JsonNode back = YAML.valueToTree(model);
    // Numbers by value: YAML reads 86400 as an int, the model writes its long activeDeadlineSeconds as a long.
    java.util.Comparator<JsonNode> sameValue = (a, b) -> a.isNumber() && b.isNumber()
        ? a.decimalValue().compareTo(b.decimalValue()) : a.equals(b) ? 0 : 1;
    if (!back.equals(sameValue, tree)) {
      throw new InvalidManifest(kind + ": does not survive a round trip through the typed model (a value of the "
          + "wrong type?)");
    }
    String expectedApi = model.getApiVersion();
    if (!expectedApi.equals(tree.path("apiVersion").asText())) {
      throw new InvalidManifest(kind + ": apiVersion " + tree.path("apiVersion").asText() + ", expected " + expectedApi);
    }
    dnsLabel(kind + " name", model.getMetadata() == null ? null : model.getMetadata().getName(), 63);
    if (model instanceof Job j) {
      PodSpec pod = j.getSpec() == null || j.getSpec().getTemplate() == null ? null : j.getSpec().getTemplate().getSpec();
      if (pod == null || pod.getContainers().isEmpty()) {
        throw new InvalidManifest("Job: no pod template with a container");
      }
      for (Container c : pod.getContainers()) {
        dnsLabel("container name", c.getName(), 63);
        if (c.getImage() == null || c.getImage().isBlank()) {
          throw new InvalidManifest("Job: container " + c.getName() + " has no image");
        }
      }
      if (!List.of("Never", "OnFailure").contains(pod.getRestartPolicy())) {
        throw new InvalidManifest("Job: restartPolicy must be Never or OnFailure, not " + pod.getRestartPolicy());
      }
    }
    return model;
  }

  /** Splits a file of YAML documents (---) and validates each. */
  static List<HasMetadata> validateAll(String yaml) throws InvalidManifest {
    List<HasMetadata> all = new ArrayList<>();
    for (String doc : yaml.split("(?m)^---\\s*$")) {
      if (!doc.isBlank()) {
        all.add(validate(doc));
      }
    }
    return all;
  }

  private static void dnsLabel(String what, String name, int max) throws InvalidManifest {
    if (name == null || name.length() > max || !name.matches("[a-z0-9]([-a-z0-9]*[a-z0-9])?")) {
      throw new InvalidManifest(what + " '" + name + "' is not a DNS label (lower-case letters, digits and '-', at most "
          + max + ")");
    }
  }

  /** Fields the typed model did not know land in its additionalProperties: collects their paths. */
  private static void unknownFields(Object o, String path, List<String> found) {
    if (o == null || o instanceof String || o instanceof Number || o instanceof Boolean) {
      return;
    }
    if (o instanceof Collection<?> c) {
      int i = 0;
      for (Object e : c) {
        unknownFields(e, path + "[" + i++ + "]", found);
      }
      return;
    }
    if (o instanceof Map<?, ?> m) {
      m.forEach((k, v) -> unknownFields(v, path + "." + k, found));
      return;
    }
    if (!o.getClass().getName().startsWith("io.fabric8.")) {
      return;
    }
    for (Method getter : o.getClass().getMethods()) {
      if (getter.getParameterCount() != 0 || !getter.getName().startsWith("get") || getter.getDeclaringClass() == Object.class) {
        continue;
      }
      Object v;
      try {
        v = getter.invoke(o);
      } catch (ReflectiveOperationException e) {
        continue;
      }
      if (getter.getName().equals("getAdditionalProperties")) {
        if (v instanceof Map<?, ?> extra) {
          extra.keySet().forEach(k -> found.add(path + "." + k));
        }
      } else {
        String field = Character.toLowerCase(getter.getName().charAt(3)) + getter.getName().substring(4);
        unknownFields(v, path + "." + field, found);
      }
    }
  }
}
