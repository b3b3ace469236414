#!/bin/sh
# Imports Squall's dashboards into OpenSearch Dashboards, through its saved-objects API, replacing the
# objects of the same ids (earlier imports). Usage:
#
#   dashboards/import.sh [DASHBOARDS_URL]        default http://localhost:5601
#
# Dashboards must be connected to the OpenSearch node that holds the crawl's indices (a running
# `squall crawl`, or your cluster's). Set DASHBOARDS_AUTH=user:password when Dashboards asks for a login.
set -eu
url="${1:-http://localhost:5601}"
dir="$(cd "$(dirname "$0")" && pwd)"
for file in status metrics content hosts; do
    printf 'Importing %s.ndjson into %s: ' "$file" "$url"
    answer="$(curl -sS -X POST "$url/api/saved_objects/_import?overwrite=true" -H "osd-xsrf: true" \
        ${DASHBOARDS_AUTH:+-u "$DASHBOARDS_AUTH"} --form "file=@$dir/$file.ndjson")"
    case "$answer" in
        *'"success":true'*) echo "done" ;;
        *) echo "failed: $answer"; exit 1 ;;
    esac
done
