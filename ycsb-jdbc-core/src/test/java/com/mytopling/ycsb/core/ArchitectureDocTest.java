package com.mytopling.ycsb.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * docs/architecture.md's module graph is the poms' (so that it cannot drift): its modules are the root pom's, its
 * arrows {@code A --> B} are A's dependencies on B outside the test scope, its arrows {@code A -. test .-> B} A's
 * test-scope dependencies on B where there is no {@code -->}; and no module depends on the bench.
 */
class ArchitectureDocTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final String GROUP = "com.mytopling.ycsb";
  private static final String BENCH = "ycsb-bench";
  private static final Pattern MERMAID = Pattern.compile("(?ms)^```mermaid\\n(.*?)^```");
  private static final Pattern EDGE = Pattern.compile("^\\s*(\\S+) (-->|-\\. test \\.->) (\\S+)\\s*$");

  /** One of our modules' dependencies on another of ours: whether only its tests use it. */
  record Edge(String from, String to, boolean test) implements Comparable<Edge> {
    @Override
    public int compareTo(Edge o) {
      return toString().compareTo(o.toString());
    }

    @Override
    public String toString() {
      return from + (test ? " -. test .-> " : " --> ") + to;
    }
  }

  private static Element parse(Path pom) throws Exception {
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setNamespaceAware(false);
    Document d = f.newDocumentBuilder().parse(pom.toFile());
    return d.getDocumentElement();
  }

  private static List<Element> children(Element parent, String name) {
    List<Element> found = new ArrayList<>();
    if (parent == null) {
      return found;
    }
    NodeList nodes = parent.getChildNodes();
    for (int i = 0; i < nodes.getLength(); i++) {
      if (nodes.item(i).getNodeType() == Node.ELEMENT_NODE && nodes.item(i).getNodeName().equals(name)) {
        found.add((Element) nodes.item(i));
      }
    }
    return found;
  }

  private static Element child(Element parent, String name) {
    List<Element> found = children(parent, name);
    return found.isEmpty() ? null : found.get(0);
  }

  private static String text(Element parent, String name, String otherwise) {
    Element e = child(parent, name);
    return e == null ? otherwise : e.getTextContent().strip();
  }

  /** The root pom's modules, in order. */
  static List<String> modules() throws Exception {
    List<String> modules = new ArrayList<>();
    for (Element m : children(child(parse(ROOT.resolve("pom.xml")), "modules"), "module")) {
      modules.add(m.getTextContent().strip());
    }
    return modules;
  }

  /** The poms' edges between our modules: a dependency's scope is the module pom's, else the root pom's managed one. */
  static Set<Edge> pomEdges() throws Exception {
    Map<String, String> managedScope = new HashMap<>();
    Element root = parse(ROOT.resolve("pom.xml"));
    for (Element d : children(child(child(root, "dependencyManagement"), "dependencies"), "dependency")) {
      managedScope.put(text(d, "artifactId", "") + ":" + text(d, "type", "jar"), text(d, "scope", "compile"));
    }
    Set<Edge> edges = new TreeSet<>();
    for (String module : modules()) {
      Element pom = parse(ROOT.resolve(module).resolve("pom.xml"));
      for (Element d : children(child(pom, "dependencies"), "dependency")) {
        if (!GROUP.equals(text(d, "groupId", ""))) {
          continue;
        }
        String to = text(d, "artifactId", "");
        String key = to + ":" + text(d, "type", "jar");
        String scope = text(d, "scope", managedScope.getOrDefault(key, "compile"));
        edges.add(new Edge(module, to, scope.equals("test")));
      }
    }
    Set<Edge> shown = new TreeSet<>();
    for (Edge e : edges) {
      if (!e.test() || !edges.contains(new Edge(e.from(), e.to(), false))) {
        shown.add(e);
      }
    }
    return shown;
  }

  /** The graph in docs/architecture.md's mermaid block. */
  static Set<Edge> docEdges(String doc) {
    Matcher block = MERMAID.matcher(doc);
    assertTrue(block.find(), "docs/architecture.md has no mermaid graph");
    Set<Edge> edges = new TreeSet<>();
    for (String line : block.group(1).lines().toList()) {
      Matcher m = EDGE.matcher(line);
      if (m.matches()) {
        edges.add(new Edge(m.group(1), m.group(3), !m.group(2).equals("-->")));
      } else {
        assertTrue(line.strip().startsWith("graph ") || line.isBlank(), "not an edge of the graph: " + line);
      }
    }
    return edges;
  }

  @Test
  void theDocumentedGraphIsThePoms() throws Exception {
    String doc = Files.readString(ROOT.resolve("docs/architecture.md"), StandardCharsets.UTF_8);
    Set<Edge> documented = docEdges(doc);
    Set<Edge> poms = pomEdges();
    assertEquals(poms.toString().replace(", ", "\n"), documented.toString().replace(", ", "\n"),
        "docs/architecture.md's module graph against the poms");
    Set<String> inGraph = new TreeSet<>();
    documented.forEach(e -> {
      inGraph.add(e.from());
      inGraph.add(e.to());
    });
    assertEquals(new TreeSet<>(modules()), inGraph, "the graph's modules against the root pom's");
  }

  @Test
  void noModuleDependsOnTheBench() throws Exception {
    assertTrue(modules().contains(BENCH), modules().toString());
    for (Edge e : pomEdges()) {
      assertFalse(e.to().equals(BENCH), "depends on the bench: " + e);
    }
  }

  @Test
  void theGraphsTwoKindsOfArrowAreRead() {
    Set<Edge> edges = docEdges("```mermaid\ngraph BT\n  a --> b\n  a -. test .-> c\n```\n");
    assertEquals(Set.of(new Edge("a", "b", false), new Edge("a", "c", true)), edges);
  }
}
