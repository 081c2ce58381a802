# Shared by the entry points of the images scripts/images builds (ycsb-mariadb, ycsb-mysql): the official images'
# environment variables and SQL quoting. Sourced; the entry point defines log() first.

# The value of MARIADB_<name>, else MYSQL_<name>, else the content of the file one of their _FILE variants names.
setting() {
  local v f
  for v in "MARIADB_$1" "MYSQL_$1"; do
    if [ -n "${!v:-}" ]; then printf '%s' "${!v}"; return; fi
    f="${v}_FILE"
    if [ -n "${!f:-}" ]; then
      [ -r "${!f}" ] || { log "$f names ${!f}, which cannot be read"; exit 1; }
      printf '%s' "$(< "${!f}")"
      return
    fi
  done
}

# SQL string literal: backslashes and quotes doubled.
sql_string() {
  local s="${1//\\/\\\\}"
  printf "'%s'" "${s//\'/\'\'}"
}
sql_name() {
  printf '`%s`' "${1//\`/\`\`}"
}

