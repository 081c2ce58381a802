#!/bin/bash
# Entry point of ycsb-mysql, the Oracle MySQL image scripts/images builds from Debian sid's mysql-server-core where
# no image registry can be reached. It takes the environment of the official mysql image, so that Testcontainers'
# MySQL module (and any docker run written for the official image) drives it unchanged:
#
#   MYSQL_ROOT_PASSWORD, MYSQL_ALLOW_EMPTY_PASSWORD, MYSQL_RANDOM_ROOT_PASSWORD (never printed: root then logs in
#   over the socket only), MYSQL_ROOT_HOST (default %), MYSQL_DATABASE, MYSQL_USER, MYSQL_PASSWORD, and VAR_FILE
#   for each of them (a mounted secret file instead of a value); /docker-entrypoint-initdb.d/*.sql and *.sh run once
#   on a new data directory. /etc/mysql/conf.d/*.cnf are read (Testcontainers puts its configuration there).
#
# Arguments starting with '-' are server options: under host networking give the port and address, e.g.
#   docker run --network host -e MYSQL_ROOT_PASSWORD=... ycsb-mysql:9.7 --port=3810 --bind-address=127.0.0.1
# TLS is on with the certificates the server makes on its first start (MySQL's default); caching_sha2_password is
# the only password plugin. No password is ever printed.
set -euo pipefail

if [ "${1:0:1}" = '-' ]; then
  set -- mysqld "$@"
fi
if [ "$1" != mysqld ]; then
  exec "$@"
fi
shift
datadir=/var/lib/mysql
socket=/run/mysqld/mysqld.sock

log() { echo "ycsb-mysql entrypoint: $*" >&2; }
# setting, sql_string, sql_name (shared with ycsb-mariadb's entry point).
. /usr/local/lib/ycsb-entrypoint-lib.sh

mkdir -p /run/mysqld /var/lib/mysql-files
chown mysql:mysql /run/mysqld /var/lib/mysql-files

if [ ! -d "$datadir/mysql" ]; then
  root_password="$(setting ROOT_PASSWORD)"
  allow_empty="${MYSQL_ALLOW_EMPTY_PASSWORD:-}"
  random_root="$(setting RANDOM_ROOT_PASSWORD)"
  if [ -z "$root_password" ] && [ -z "$allow_empty" ] && [ -z "$random_root" ]; then
    log "the data directory is new and no root password is set: set MYSQL_ROOT_PASSWORD (or" \
      "MYSQL_ALLOW_EMPTY_PASSWORD=1, or MYSQL_RANDOM_ROOT_PASSWORD=1)"
    exit 1
  fi
  if [ -z "$root_password" ] && [ -n "$random_root" ]; then
    root_password="$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')"
  fi
  database="$(setting DATABASE)"
  user="$(setting USER)"
  password="$(setting PASSWORD)"
  root_host="${MYSQL_ROOT_HOST:-%}"

  log "initializing $datadir"
  mkdir -p "$datadir"
  chown mysql:mysql "$datadir"
  mysqld --initialize-insecure --user=mysql --datadir="$datadir" "$@" 2>/dev/null
  # A private server for the set-up: socket only, so nothing can connect over TCP before the users exist.
  mysqld --user=mysql --datadir="$datadir" --socket="$socket" --skip-networking --mysqlx=OFF "$@" &
  pid=$!
  for _ in $(seq 1 120); do
    if mysql --protocol=socket --socket="$socket" -uroot -e 'SELECT 1' >/dev/null 2>&1; then break; fi
    kill -0 "$pid" 2>/dev/null || { log "the set-up server exited"; exit 1; }
    sleep 0.5
  done
  {
    echo "SET @@SESSION.SQL_LOG_BIN=0;"
    # root keeps the socket (auth_socket is not installed: a password, empty until set here).
    echo "ALTER USER 'root'@'localhost' IDENTIFIED BY $(sql_string "$root_password");"
    if [ "$root_host" != localhost ]; then
      echo "CREATE USER 'root'@$(sql_string "$root_host") IDENTIFIED BY $(sql_string "$root_password");"
      echo "GRANT ALL ON *.* TO 'root'@$(sql_string "$root_host") WITH GRANT OPTION;"
    fi
    if [ -n "$database" ]; then
      echo "CREATE DATABASE IF NOT EXISTS $(sql_name "$database");"
    fi
    if [ -n "$user" ] && [ "$user" != root ]; then
      [ -n "$password" ] || { log "MYSQL_USER is set but MYSQL_PASSWORD is not"; kill "$pid"; exit 1; }
      echo "CREATE USER $(sql_string "$user")@'%' IDENTIFIED BY $(sql_string "$password");"
      if [ -n "$database" ]; then
        echo "GRANT ALL ON $(sql_name "$database").* TO $(sql_string "$user")@'%';"
      fi
    fi
  } | mysql --protocol=socket --socket="$socket" -uroot
  # From here root has its password; the client reads it from a file of the set-up's own, never a command line.
  client_cnf="$(mktemp)"
  printf '[client]\nuser=root\npassword=%s\nsocket=%s\nprotocol=socket\n' "$root_password" "$socket" > "$client_cnf"
  for f in /docker-entrypoint-initdb.d/*; do
    case "$f" in
      *.sql) log "running $f"; mysql --defaults-extra-file="$client_cnf" ${database:+"$database"} < "$f" ;;
      *.sh) log "running $f"; . "$f" ;;
      *) if [ -e "$f" ]; then log "ignoring $f"; fi ;;
    esac
  done
  mysqladmin --defaults-extra-file="$client_cnf" shutdown
  rm -f "$client_cnf"
  wait "$pid" || true
  log "initialized"
fi

exec mysqld --user=mysql --datadir="$datadir" --socket="$socket" "$@"
