#!/usr/bin/env bash
cd "$(dirname "${BASH_SOURCE[0]}")/../../../.." # the repository
. results/bench/2026-11-21b/jvm-flags/measure.sh
S=.local/mariadb-innodb-3309/mariadbd.sock
ops=${OPS:-400000}
q0=$(mariadb --socket=$S -uroot -N -e "show global status like 'Questions'" | awk '{print $2}')
mkdir -p /tmp/ab
# Not m=$(measure ...): in a subshell, bash's times would see the subshell's children only.
measure /tmp/ab/sb sysbench bench/ycsb_workloada.lua --mysql-host=127.0.0.1 --mysql-port=3309 --mysql-user=ycsb --mysql-password="$YCSB_DB_PASSWORD" --mysql-db=ycsb --threads=16 --records=200000 --events=$ops --time=0 run >/tmp/ab/sb.json
m=$(cat /tmp/ab/sb.json)
q1=$(mariadb --socket=$S -uroot -N -e "show global status like 'Questions'" | awk '{print $2}')
t=$(awk '/transactions:/ {gsub(/\(/, "", $3); print $3}' /tmp/ab/sb.out)
python3 -c "
import json; m=json.loads('$m'); o=$ops
print('sysbench', 'ops/s=%s'%'$t', 'cpu_us_op=%.2f'%(m['cpu_s']*1e6/o), 'user=%.2f sys=%.2f'%(m['user_s']*1e6/o, m['sys_s']*1e6/o), 'q/op=%.3f'%(($q1-$q0)/o))"
