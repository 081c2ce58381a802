# fixed.sh DIR [jvmargs...]: perf stat -r 5 of a 1,600-op run
d=$1; shift
cd /work/main; : "${YCSB_DB_PASSWORD:?set the server password}"
perf stat -r ${R:-5} -e task-clock java "$@" -cp "$d/ycsb-launcher-0.1.0-SNAPSHOT.jar:$d/lib/*" com.mytopling.ycsb.launcher.Ycsb run mytopling -P workloads/workloada -p db.url=jdbc:mysql://127.0.0.1:3309/ycsb -p db.user=ycsb -p recordcount=200000 -p operationcount=${OPS:-1600} -threads 16 2>&1 >/dev/null | grep -E "task-clock|elapsed"
