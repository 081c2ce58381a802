# Shared by the scripts: where the project is, which java to use, and building on first use.
# shellcheck shell=bash
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ]; then
  JAVA="$JAVA_HOME/bin/java"
else
  JAVA="$(command -v java || true)"
fi
LAUNCHER_LIB="$ROOT/ycsb-launcher/target/lib"
LAUNCHER_JAR="$ROOT/ycsb-launcher/target/ycsb-launcher-0.1.0-SNAPSHOT.jar"

need_java() {
  if [ -z "$JAVA" ]; then
    echo "$(basename "$0"): no java found; install a JDK 17 or set JAVA_HOME" >&2
    exit 3  # the harness cannot run (README, exit statuses)
  fi
}

# Builds the launcher and everything it uses when the jars are missing or a source is newer.
ensure_built() {
  need_java
  local stale=0
  if [ ! -f "$LAUNCHER_JAR" ] || [ ! -d "$LAUNCHER_LIB" ]; then
    stale=1
  elif [ -n "$(find "$ROOT" -path "$ROOT/.local" -prune -o \( -name '*.java' -o -name pom.xml \) -path '*/src/main/*' \
        -newer "$LAUNCHER_JAR" -print -o -name pom.xml -newer "$LAUNCHER_JAR" -print 2>/dev/null | head -1)" ]; then
    stale=1
  fi
  if [ "$stale" = 1 ]; then
    echo "$(basename "$0"): building the harness (mvn install, tests skipped)..." >&2
    rm -rf "$LAUNCHER_LIB"
    if ! (cd "$ROOT" && mvn -B -q -o -Dstyle.color=never -DskipTests -DskipITs install >&2 2>/dev/null); then
      (cd "$ROOT" && mvn -B -q -Dstyle.color=never -DskipTests -DskipITs install >&2) || {
        echo "$(basename "$0"): build failed; run 'mvn -DskipTests install' in $ROOT to see why" >&2
        exit 3  # the harness cannot run (README, exit statuses)
      }
    fi
  fi
}

# ensure_module_built NAME MODULE STAMP: for the tools that run one module from its target/ without the launcher
# (report, dataset). Builds MODULE and the modules it uses (mvn package, tests skipped; offline first, then online)
# when STAMP is missing or a source of MODULE or of ycsb-jdbc-core is newer than it, then touches STAMP. NAME
# prefixes the messages; a failed build exits 3.
ensure_module_built() {
  local name="$1" module="$2" stamp="$3" log
  need_java
  if [ -e "$stamp" ] && [ -z "$(find "$ROOT/$module/src/main" "$ROOT/$module/pom.xml" "$ROOT/ycsb-jdbc-core/src/main" \
      "$ROOT/ycsb-jdbc-core/pom.xml" -newer "$stamp" -print -quit 2>/dev/null)" ]; then
    return 0
  fi
  echo "$name: building $module (first use, or its sources changed)..." >&2
  log="$(mktemp)"
  if ! (cd "$ROOT" && mvn -B -q -o -Dstyle.color=never -pl "$module" -am package -DskipTests >"$log" 2>&1) &&
     ! (cd "$ROOT" && mvn -B -q -Dstyle.color=never -pl "$module" -am package -DskipTests >"$log" 2>&1); then
    tail -n 30 "$log" >&2
    rm -f "$log"
    echo "$name: build of $module failed (run: cd $ROOT && mvn -pl $module -am package)" >&2
    exit 3  # the harness cannot run (README, exit statuses)
  fi
  rm -f "$log"
  touch "$stamp"
}

# JVM flags for every benchmark client, printed one per line for the given user flags: the parallel
# (throughput) collector, which used less client CPU per operation than the JVM's default G1 in
# side-by-side runs (docs/speed.md), unless the user's flags choose a collector themselves
# (two collectors on one command line is a JVM error).
client_jvm_flags() {
  case " $* ${YCSB_JAVA_OPTS:-} " in
    *" -XX:+Use"*"GC "*) ;;
    *) echo "-XX:+UseParallelGC" ;;
  esac
}

launcher_classpath() {
  echo "$LAUNCHER_JAR:$LAUNCHER_LIB/*"
}
