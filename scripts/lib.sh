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
# The developers' bench (module ycsb-bench), built only for its own scripts and never on the launcher's class path.
BENCH_JAR="$ROOT/ycsb-bench/target/ycsb-bench-0.1.0-SNAPSHOT.jar"
BENCH_CLASSPATH="$ROOT/ycsb-bench/target/classpath.txt"

need_java() {
  if [ -z "$JAVA" ]; then
    echo "$(basename "$0"): no java found; install a JDK 17 or set JAVA_HOME" >&2
    exit 3  # the harness cannot run (README, exit statuses)
  fi
}

# Runs "$@" holding the project's build lock (.local/build.lock), so that scripts started together (two clients, two
# report steps) do not build at once: a second build cleaning and recompiling what the first one's JVM is loading
# made that JVM fail with ClassNotFoundException. The builds re-check, under the lock, whether they are still needed.
under_build_lock() {
  if ! command -v flock >/dev/null 2>&1; then
    "$@"
    return
  fi
  mkdir -p "$ROOT/.local"
  (
    if ! flock -w 1800 9; then
      echo "$(basename "$0"): waited 30 minutes for another build of the harness to finish" >&2
      exit 3  # the harness cannot run (README, exit statuses)
    fi
    "$@"
  ) 9>"$ROOT/.local/build.lock"
}

# stale_against JAR [PRUNED_DIR]: true when a source (src/main, a pom) is newer than JAR, PRUNED_DIR's left out.
stale_against() {
  local jar="$1" pruned="${2:-$ROOT/.local}"
  [ -n "$(find "$ROOT" \( -path "$ROOT/.local" -o -path "$pruned" \) -prune -o \( -name '*.java' -o -name pom.xml \) \
      -path '*/src/main/*' -newer "$jar" -print -o -name pom.xml -newer "$jar" -print 2>/dev/null | head -1)" ]
}

# True when the launcher's jars are missing or a source of the product is newer than them (the bench's are not the
# product's).
launcher_stale() {
  [ ! -f "$LAUNCHER_JAR" ] || [ ! -d "$LAUNCHER_LIB" ] || stale_against "$LAUNCHER_JAR" "$ROOT/ycsb-bench"
}

# Builds the launcher and everything it uses when the jars are missing or a source is newer.
ensure_built() {
  need_java
  launcher_stale || return 0
  under_build_lock build_launcher || exit $?
}

build_launcher() {
  launcher_stale || return 0  # built by another script while this one waited for the lock
  echo "$(basename "$0"): building the harness (mvn install, tests skipped)..." >&2
  rm -rf "$LAUNCHER_LIB"
  maven_install -pl '!ycsb-bench'
}

# True when the bench's jar or its class path file is missing or any source is newer than the jar.
bench_stale() {
  [ ! -f "$BENCH_JAR" ] || [ ! -f "$BENCH_CLASSPATH" ] || launcher_stale || stale_against "$BENCH_JAR"
}

# Builds the bench and the product it measures (the developers' scripts: bench-harness, load-vs-core.sh).
ensure_bench_built() {
  need_java
  bench_stale || return 0
  under_build_lock build_bench || exit $?
}

build_bench() {
  bench_stale || return 0
  echo "$(basename "$0"): building the harness and its bench (mvn install, tests skipped)..." >&2
  rm -rf "$LAUNCHER_LIB"
  maven_install
}

# maven_install [MVN_ARGS...]: mvn install with tests skipped, offline first, then online; exits 3 when it fails.
maven_install() {
  if ! (cd "$ROOT" && mvn -B -q -o -Dstyle.color=never -DskipTests -DskipITs "$@" install >&2 2>/dev/null); then
    (cd "$ROOT" && mvn -B -q -Dstyle.color=never -DskipTests -DskipITs "$@" install >&2) || {
      echo "$(basename "$0"): build failed; run 'mvn -DskipTests install' in $ROOT to see why" >&2
      exit 3  # the harness cannot run (README, exit statuses)
    }
  fi
}

# The bench's JVM's class path: its jar, then what Maven resolved for it (the product's jars among them).
bench_classpath() {
  echo "$BENCH_JAR:$(cat "$BENCH_CLASSPATH")"
}

# ensure_module_built NAME MODULE STAMP: for the tools that run one module from its target/ without the launcher
# (report, dataset). Builds MODULE and the modules it uses (mvn package, tests skipped; offline first, then online)
# when STAMP is missing or a source of MODULE or of ycsb-jdbc-core is newer than it, then touches STAMP. NAME
# prefixes the messages; a failed build exits 3.
ensure_module_built() {
  need_java
  module_stale "$2" "$3" || return 0
  under_build_lock build_module "$@" || exit $?
}

# module_stale MODULE STAMP
module_stale() {
  local module="$1" stamp="$2"
  ! [ -e "$stamp" ] || [ -n "$(find "$ROOT/$module/src/main" "$ROOT/$module/pom.xml" "$ROOT/ycsb-jdbc-core/src/main" \
      "$ROOT/ycsb-jdbc-core/pom.xml" -newer "$stamp" -print -quit 2>/dev/null)" ]
}

build_module() {
  local name="$1" module="$2" stamp="$3" log
  module_stale "$module" "$stamp" || return 0  # built by another script while this one waited for the lock
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
# (two collectors on one command line is a JVM error); compiler threads that stay for the JVM's life,
# so that the client-cost record can tell the JIT compilers' CPU exactly (an ended thread takes its CPU
# out of /proc/self/task), unless the user's flags decide that; then the shared-classes archive's flags.
client_jvm_flags() {
  case " $* ${YCSB_JAVA_OPTS:-} " in
    *" -XX:+Use"*"GC "*) ;;
    *) echo "-XX:+UseParallelGC" ;;
  esac
  case " $* ${YCSB_JAVA_OPTS:-} " in
    *"UseDynamicNumberOfCompilerThreads"*) ;;
    *) echo "-XX:-UseDynamicNumberOfCompilerThreads" ;;
  esac
  shared_classes_flags
}

# The launcher's jar and its libraries, named one by one in a fixed (sorted) order: the shared-classes archive is
# valid only for the class path it was made with, and a "lib/*" wildcard expands in directory order.
launcher_classpath() {
  local jars=("$LAUNCHER_LIB"/*.jar)
  local IFS=:
  echo "$LAUNCHER_JAR:${jars[*]}"
}

# Class-data sharing (AppCDS): every JVM on the launcher's class path maps one archive of the classes a harness JVM
# loads (the JDK's, YCSB's, the drivers', ours), parsed and verified once, instead of loading them from the jars again:
# a third less start-up CPU and wall time per JVM here (docs/speed.md). The archive is made on first use after a build
# (training JVMs that run a small job on YCSB's BasicDB, a connection attempt to a closed loopback port and a report
# write their class lists; then java -Xshare:dump), under a lock, and made again when the java or a jar of the class
# path changes (a JVM also checks every jar's size and time itself and ignores an archive that does not match).
# Prints the flags one per line, or nothing: YCSB_CDS=0, a root with blanks (the flags travel in a blank-separated
# list), or an archive that could not be made (said once; the harness runs as before, only slower to start).
shared_classes_flags() {
  [ "${YCSB_CDS:-1}" = 0 ] && return 0
  command -v flock >/dev/null 2>&1 || return 0
  case "$ROOT" in *[[:space:]]*) return 0 ;; esac
  local dir="$ROOT/ycsb-launcher/target/cds" cp key
  local archive="$dir/harness.jsa"
  [ -f "$LAUNCHER_JAR" ] || return 0
  cp="$(launcher_classpath)"
  key="$(readlink -f "$JAVA") $(stat -c '%s %Y' "$(readlink -f "$JAVA")") $cp"
  if ! cds_current "$dir" "$key"; then
    mkdir -p "$dir"
    (
      flock -w 300 9 || exit 0
      cds_current "$dir" "$key" || cds_make "$dir" "$key" "$cp"
    ) 9>"$dir/.lock"
  fi
  if [ -f "$archive" ] && cds_current "$dir" "$key"; then
    printf '%s\n' "-XX:SharedArchiveFile=$archive" "-Xlog:cds=off"
  fi
}

# cds_current DIR KEY: the archive (or the note that it could not be made) belongs to KEY (the java, the class path)
# and no jar of the class path is newer than it.
cds_current() {
  local dir="$1" key="$2" made
  [ -f "$dir/key" ] && [ "$(cat "$dir/key")" = "$key" ] || return 1
  made="$dir/harness.jsa"
  [ -f "$made" ] || made="$dir/failed"
  [ -f "$made" ] && [ -z "$(find "$LAUNCHER_JAR" "$LAUNCHER_LIB" -newer "$made" -print -quit 2>/dev/null)" ]
}

# cds_make DIR KEY CLASSPATH: the training JVMs (in a scratch folder, on loopback only), then the archive.
cds_make() {
  local dir="$1" key="$2" cp="$3" work harness=com.mytopling.ycsb.launcher.Harness
  work="$(mktemp -d "$dir/make.XXXXXX")"
  rm -f "$dir/harness.jsa" "$dir/failed" "$dir/key"
  printf 'db.url=jdbc:mysql://127.0.0.1:1/ycsb\ndb.user=ycsb\n' > "$work/closed.properties"
  (
    cd "$work" || exit 1
    train() { local n="$1"; shift; timeout 120 "$JAVA" -XX:DumpLoadedClassList="$work/$n.classes" \
      -Djava.awt.headless=true -Dharness.root="$ROOT" -cp "$cp" "$@" >"$work/$n.out" 2>&1 || true; }
    train run $harness ycsb run basic -P "$ROOT/workloads/workloada" -p recordcount=1000 -p operationcount=20000 \
      -p basicdb.verbose=false -threads 2
    train connect $harness ycsb load mytopling -P "$ROOT/workloads/workloada" -P closed.properties -p recordcount=10
    train job $harness benchmark --target closed.properties --records 10 --operations 10 --out "$work/runs"
    train report $harness report html "$ROOT/results/baselines/ci-mariadb-workloada/run-1" --out "$work/r.html"
  )
  cat "$work"/*.classes 2>/dev/null | awk '!/^#/ && !seen[$0]++' > "$work/all.classes"
  if [ -s "$work/all.classes" ] && "$JAVA" -Xshare:dump -Xlog:cds=off \
      -XX:SharedClassListFile="$work/all.classes" -XX:SharedArchiveFile="$work/harness.jsa" -cp "$cp" \
      >"$work/dump.out" 2>&1 && [ -s "$work/harness.jsa" ]; then
    mv "$work/harness.jsa" "$dir/harness.jsa"
  else
    echo "$(basename "$0"): no shared-classes archive (start-up not sped up): java -Xshare:dump failed; see $dir/failed" >&2
    cat "$work/dump.out" > "$dir/failed" 2>/dev/null || touch "$dir/failed"
  fi
  printf '%s' "$key" > "$dir/key"
  rm -rf "$work"
}
# debian_sources CODENAME: the Debian entries of this machine's apt sources for its release CODENAME (its suite,
# -updates, -security), as "URI SUITE COMPONENTS..." lines; one-line (.list) and deb822 (.sources) formats.
debian_sources() {
  local codename="$1" f
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -f "$f" ] || continue
    awk -v c="$codename" '$1 == "deb" {
        i = 2; if ($i ~ /^\[/) { while ($i !~ /\]$/) i++; i++ }
        uri = $i; suite = $(i + 1); comps = ""
        for (j = i + 2; j <= NF && $j !~ /^#/; j++) comps = comps " " $j
        if (suite == c || suite == c "-updates" || suite == c "-security") print uri, suite comps
      }' "$f"
  done
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    awk -v c="$codename" '
      function flush(   n, m, k, s, u, suites, uris) {
        if (types ~ /(^| )deb( |$)/ && enabled != "no") {
          n = split(uris_, uris, " "); m = split(suites_, suites, " ")
          for (k = 1; k <= n; k++) for (s = 1; s <= m; s++)
            if (suites[s] == c || suites[s] == c "-updates" || suites[s] == c "-security") print uris[k], suites[s], comps_
        }
        types = ""; uris_ = ""; suites_ = ""; comps_ = ""; enabled = ""
      }
      /^[ \t]*$/ { flush(); next }
      /^#/ { next }
      { key = tolower($1); sub(/:$/, "", key); $1 = ""; sub(/^ +/, "")
        if (key == "types") types = $0; else if (key == "uris") uris_ = $0
        else if (key == "suites") suites_ = $0; else if (key == "components") comps_ = $0
        else if (key == "enabled") enabled = tolower($0) }
      END { flush() }' "$f"
  done
}

# debian_mirror: the URI this machine's apt sources use for its own Debian release (/etc/os-release), where
# debootstrap finds that release and Debian's other suites too.
debian_mirror() {
  local codename uri suite
  codename="$(. /etc/os-release && echo "${VERSION_CODENAME:-}")"
  [ -n "$codename" ] || return 1
  while read -r uri suite _; do
    if [ "$suite" = "$codename" ]; then echo "$uri"; return 0; fi
  done < <(debian_sources "$codename")
  return 1
}

# in_server_root ROOT DIR COMMAND [ARG]...: runs COMMAND in ROOT (a scripts/server-root tree) with DIR mounted at
# /srv/ycsb and a /proc, in a mount namespace of its own (both mounts end with it; the host's mounts never change),
# on the host's network and pid space. Each step execs the next, so the pid is COMMAND's own.
in_server_root() {
  local root="$1" dir="$2"
  shift 2
  if ! unshare --mount --propagation private -- true 2>/dev/null; then
    echo "$(basename "$0"): cannot make a private mount namespace here (unshare --mount --propagation private); in a" \
      "chroot, bind-mount its root onto itself first (mount --bind ROOT ROOT), so that / is a mount point" >&2
    exit 1
  fi
  exec unshare --mount --propagation private -- /bin/sh -c \
    'r="$1" d="$2"; shift 2; mount --bind "$d" "$r/srv/ycsb" && mount -t proc proc "$r/proc" && exec chroot "$r" "$@"' \
    in_server_root "$root" "$dir" "$@"
}

# stop_server_by_pidfile NAME PIDFILE DATADIR: SIGTERM to the server whose pid PIDFILE holds, then up to 60 s for it
# to end (a clean shutdown flushes its engines), then SIGKILL. Nothing running is not an error.
stop_server_by_pidfile() {
  local name="$1" pidfile="$2" datadir="$3" pid
  if [ ! -f "$pidfile" ] || ! kill -0 "$(cat "$pidfile")" 2>/dev/null; then
    echo "$name: no server running from $datadir" >&2
    return 0
  fi
  pid="$(cat "$pidfile")"
  kill "$pid"
  for _ in $(seq 1 120); do
    kill -0 "$pid" 2>/dev/null || { echo "$name: stopped server $pid ($datadir)" >&2; return 0; }
    sleep 0.5
  done
  echo "$name: server $pid did not stop in 60 s; killing it" >&2
  kill -9 "$pid" 2>/dev/null || true
}
