#!/bin/sh
# Runs once, when PostgreSQL's data directory is first created (the postgres image runs
# /docker-entrypoint-initdb.d/*.sh): one login role per service, not a superuser, owning
# only its own database, which is closed to every other role. Used by docker-compose.yml
# and k8s/base/postgres.yaml. Passwords come from POSTGRES_PASSWORD_<SERVICE>; the
# services are LP_SERVICES (the running services of libs/contracts RUNNING_SERVICES).
# Role and database names follow libs/service-kit database.ts: lp_<service>_svc, lp_<service>.
set -eu
for svc in ${LP_SERVICES:?LP_SERVICES lists the services, e.g. "identity catalog assessment"}; do
  var="POSTGRES_PASSWORD_$(echo "$svc" | tr '[:lower:]' '[:upper:]')"
  pw=$(printenv "$var" || true)
  [ -n "$pw" ] || { echo "$var is required" >&2; exit 1; }
  psql -v ON_ERROR_STOP=1 -U "$POSTGRES_USER" -d postgres -v role="lp_${svc}_svc" -v db="lp_${svc}" -v pw="$pw" <<'SQL'
CREATE ROLE :"role" LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD :'pw';
CREATE DATABASE :"db" OWNER :"role";
REVOKE ALL ON DATABASE :"db" FROM PUBLIC;
SQL
  # a service whose tables have row-level security works as a second role that owns nothing
  # (libs/service-kit ServiceKitOptions.runtimeRole): made when its password is given
  app_var="POSTGRES_APP_PASSWORD_$(echo "$svc" | tr '[:lower:]' '[:upper:]')"
  app_pw=$(printenv "$app_var" || true)
  if [ -n "$app_pw" ]; then
    psql -v ON_ERROR_STOP=1 -U "$POSTGRES_USER" -d postgres -v role="lp_${svc}_app" -v pw="$app_pw" <<'SQL'
CREATE ROLE :"role" LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS PASSWORD :'pw';
SQL
  fi
done
