#!/bin/bash
# Entry point of ycsb-mariadb, the MariaDB image scripts/images builds from Debian's packages where no image
# registry can be reached. It takes the environment of the official mariadb image, so that Testcontainers'
# MariaDB module (and any docker run written for the official image) drives it unchanged:
#
#   MARIADB_ROOT_PASSWORD (or MYSQL_ROOT_PASSWORD), MARIADB_ALLOW_EMPTY_ROOT_PASSWORD (MYSQL_ALLOW_EMPTY_PASSWORD),
#   MARIADB_RANDOM_ROOT_PASSWORD (MYSQL_RANDOM_ROOT_PASSWORD; never printed: root then logs in over the socket
#   only), MARIADB_ROOT_HOST (default %), MARIADB_DATABASE (MYSQL_DATABASE), MARIADB_USER (MYSQL_USER),
#   MARIADB_PASSWORD (MYSQL_PASSWORD), and VAR_FILE for each of them (a mounted secret file instead of a value);
#   /docker-entrypoint-initdb.d/*.sql and *.sh run once on a new data directory.
#
# Arguments starting with '-' are server options: under host networking give the port and address, e.g.
#   docker run --network host -e MARIADB_ROOT_PASSWORD=... ycsb-mariadb:10.11 --port=3810 --bind-address=127.0.0.1
# The server listens on 127.0.0.1 unless told otherwise (Debian's default). --plugin-load-add=ha_rocksdb.so
# --default-storage-engine=ROCKSDB makes it a MyRocks server. No password is ever printed.
set -euo pipefail

if [ "${1:0:1}" = '-' ]; then
  set -- mariadbd "$@"
fi
if [ "$1" != mariadbd ] && [ "$1" != mysqld ]; then
  exec "$@"
fi
shift
datadir=/var/lib/mysql
socket=/run/mysqld/mysqld.sock

log() { echo "ycsb-mariadb entrypoint: $*" >&2; }
# setting, sql_string, sql_name (shared with ycsb-mysql's entry point).
. /usr/local/lib/ycsb-entrypoint-lib.sh

mkdir -p /run/mysqld
chown mysql:mysql /run/mysqld

if [ ! -d "$datadir/mysql" ]; then
  root_password="$(setting ROOT_PASSWORD)"
  allow_empty="$(setting ALLOW_EMPTY_ROOT_PASSWORD)"
  [ -n "$allow_empty" ] || allow_empty="${MYSQL_ALLOW_EMPTY_PASSWORD:-}"
  random_root="$(setting RANDOM_ROOT_PASSWORD)"
  if [ -z "$root_password" ] && [ -z "$allow_empty" ] && [ -z "$random_root" ]; then
    log "the data directory is new and no root password is set: set MARIADB_ROOT_PASSWORD (or" \
      "MARIADB_ALLOW_EMPTY_ROOT_PASSWORD=1, or MARIADB_RANDOM_ROOT_PASSWORD=1)"
    exit 1
  fi
  if [ -z "$root_password" ] && [ -n "$random_root" ]; then
    root_password="$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')"
  fi
  database="$(setting DATABASE)"
  user="$(setting USER)"
  password="$(setting PASSWORD)"
  root_host="${MARIADB_ROOT_HOST:-${MYSQL_ROOT_HOST:-%}}"

  log "initializing $datadir"
  mkdir -p "$datadir"
  chown mysql:mysql "$datadir"
  mariadb-install-db --user=mysql --datadir="$datadir" --skip-test-db --auth-root-authentication-method=socket \
    --skip-name-resolve >/dev/null
  # A private server for the set-up: socket only, so nothing can connect over TCP before the users exist.
  mariadbd --user=mysql --datadir="$datadir" --socket="$socket" --skip-networking "$@" &
  pid=$!
  for _ in $(seq 1 120); do
    if mariadb --protocol=socket --socket="$socket" -uroot -e 'SELECT 1' >/dev/null 2>&1; then break; fi
    kill -0 "$pid" 2>/dev/null || { log "the set-up server exited"; exit 1; }
    sleep 0.5
  done
  {
    echo "SET @@SESSION.SQL_LOG_BIN=0;"
    echo "DROP USER IF EXISTS ''@'localhost', ''@'$(hostname)';"
    if [ -n "$root_password" ]; then
      echo "ALTER USER 'root'@'localhost' IDENTIFIED VIA unix_socket OR mysql_native_password USING PASSWORD($(sql_string "$root_password"));"
      if [ "$root_host" != localhost ]; then
        echo "CREATE USER 'root'@$(sql_string "$root_host") IDENTIFIED BY $(sql_string "$root_password");"
        echo "GRANT ALL ON *.* TO 'root'@$(sql_string "$root_host") WITH GRANT OPTION;"
      fi
    else
      echo "ALTER USER 'root'@'localhost' IDENTIFIED VIA unix_socket OR mysql_native_password USING PASSWORD('');"
      if [ "$root_host" != localhost ]; then
        echo "CREATE USER 'root'@$(sql_string "$root_host");"
        echo "GRANT ALL ON *.* TO 'root'@$(sql_string "$root_host") WITH GRANT OPTION;"
      fi
    fi
    if [ -n "$database" ]; then
      echo "CREATE DATABASE IF NOT EXISTS $(sql_name "$database");"
    fi
    if [ -n "$user" ] && [ "$user" != root ]; then
      [ -n "$password" ] || { log "MARIADB_USER is set but MARIADB_PASSWORD is not"; kill "$pid"; exit 1; }
      echo "CREATE USER $(sql_string "$user")@'%' IDENTIFIED BY $(sql_string "$password");"
      if [ -n "$database" ]; then
        echo "GRANT ALL ON $(sql_name "$database").* TO $(sql_string "$user")@'%';"
      fi
    fi
    echo "FLUSH PRIVILEGES;"
  } | mariadb --protocol=socket --socket="$socket" -uroot
  for f in /docker-entrypoint-initdb.d/*; do
    case "$f" in
      *.sql) log "running $f"; mariadb --protocol=socket --socket="$socket" -uroot ${database:+"$database"} < "$f" ;;
      *.sh) log "running $f"; . "$f" ;;
      *) if [ -e "$f" ]; then log "ignoring $f"; fi ;;
    esac
  done
  mariadb-admin --protocol=socket --socket="$socket" -uroot shutdown
  wait "$pid" || true
  log "initialized"
fi

exec mariadbd --user=mysql --datadir="$datadir" --socket="$socket" "$@"
