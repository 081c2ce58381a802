#!/usr/bin/env bash
# usage: ab.sh name [extra ycsb args...]  — one run of ours; prints ops/s, cpu us/op, user/sys, questions/op
: "${YCSB_DB_PASSWORD:?set the server password}"
cd "$(dirname "${BASH_SOURCE[0]}")/../../../.." # the repository
. results/bench/2026-11-21b/jvm-flags/measure.sh
. scripts/lib.sh
S=.local/mariadb-innodb-3309/mariadbd.sock
name=$1; shift
ops=${OPS:-400000}
q0=$(mariadb --socket=$S -uroot -N -e "show global status like 'Questions'" | awk '{print $2}')
mkdir -p /tmp/ab
# Not m=$(measure ...): in a subshell, bash's times would see the subshell's children only.
measure /tmp/ab/$name ${JAVA:-java} ${JVMARGS:-} -cp "$LAUNCHER_JAR:$LAUNCHER_LIB/*" com.mytopling.ycsb.launcher.Ycsb run mytopling -P workloads/workloada -p db.url=jdbc:mysql://127.0.0.1:3309/ycsb -p db.user=ycsb -p recordcount=200000 -p operationcount=$ops -threads 16 "$@" >/tmp/ab/$name.json
m=$(cat /tmp/ab/$name.json)
q1=$(mariadb --socket=$S -uroot -N -e "show global status like 'Questions'" | awk '{print $2}')
t=$(awk -F', ' '$1=="[OVERALL]" && $2=="Throughput(ops/sec)" {print $3}' /tmp/ab/$name.out)
python3 -c "
import json; m=json.loads('$m'); o=$ops
print('$name', 'ops/s=%s'%'$t', 'cpu_us_op=%.2f'%(m['cpu_s']*1e6/o), 'user=%.2f sys=%.2f'%(m['user_s']*1e6/o, m['sys_s']*1e6/o), 'q/op=%.3f'%(($q1-$q0)/o), 'rc=%d'%m['rc'])"
