#!/usr/bin/env python3
"""Writes Squall's OpenSearch Dashboards saved objects (status, metrics, content and hosts .ndjson).

The ndjson files are what you import (./import.sh); this script is where they are defined. Edit the
definitions below and run it again (python3 dashboards/make_dashboards.py). The index patterns' fields
are read from es-conf/*.json, so that they match the indices Squall creates.
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
ES_CONF = os.path.join(HERE, "..", "es-conf")
DASHBOARDS_VERSION = "2.19.0"

# What Dashboards calls the OpenSearch field types Squall's indices use.
OSD_TYPES = {"keyword": "string", "text": "string", "integer": "number", "long": "number",
             "double": "number", "float": "number", "date": "date", "boolean": "boolean"}


def mapped_fields(definition_file):
    """The fields of an es-conf index definition, dotted paths with their OpenSearch types."""
    with open(os.path.join(ES_CONF, definition_file)) as f:
        properties = json.load(f)["mappings"]["properties"]
    fields = []

    def walk(props, prefix):
        for name, spec in sorted(props.items()):
            if "properties" in spec:
                walk(spec["properties"], prefix + name + ".")
            else:
                fields.append((prefix + name, spec["type"]))
    walk(properties, "")
    return fields


def index_pattern(pattern_id, title, definition_file, time_field):
    fields = [{"name": name, "type": OSD_TYPES[es_type], "esTypes": [es_type], "count": 0, "scripted": False,
               "searchable": True, "aggregatable": es_type != "text", "readFromDocValues": es_type != "text"}
              for name, es_type in mapped_fields(definition_file)]
    attributes = {"title": title, "fields": json.dumps(fields)}
    if time_field:
        attributes["timeFieldName"] = time_field
    return {"id": pattern_id, "type": "index-pattern", "attributes": attributes, "references": [],
            "migrationVersion": {"index-pattern": "7.6.0"}}


def agg(agg_id, agg_type, schema, **params):
    return {"id": str(agg_id), "enabled": True, "type": agg_type, "schema": schema, "params": params}


def count(label=None):
    return agg(1, "count", "metric", **({"customLabel": label} if label else {}))


def metric(agg_id, agg_type, field, label):
    return agg(agg_id, agg_type, "metric", field=field, customLabel=label)


def terms(agg_id, field, size, schema, order_by="1", label=None, order="desc"):
    params = {"field": field, "orderBy": order_by, "order": order, "size": size, "otherBucket": False,
              "otherBucketLabel": "Other", "missingBucket": False, "missingBucketLabel": "Missing"}
    if label:
        params["customLabel"] = label
    return agg(agg_id, "terms", schema, **params)


def over_time(agg_id, field, per_second=False, interval="auto"):
    """
    A date histogram. per_second: sums are shown per second whatever the bucket's width (Dashboards scales
    them). "auto" needs the field to be the index pattern's time field (the picker's range gives the bounds).
    """
    return agg(agg_id, "date_histogram", "segment", field=field, useNormalizedOpenSearchInterval=True,
               scaleMetricValues=per_second, interval="s" if per_second else interval, drop_partials=False,
               min_doc_count=1, extended_bounds={})


def axis_params(chart_type, value_title, metric_ids):
    return {
        "type": chart_type, "addTooltip": True, "addLegend": True, "legendPosition": "right", "times": [],
        "addTimeMarker": False, "grid": {"categoryLines": False},
        "categoryAxes": [{"id": "CategoryAxis-1", "type": "category", "position": "bottom", "show": True,
                          "style": {}, "scale": {"type": "linear"},
                          "labels": {"show": True, "filter": True, "truncate": 100}, "title": {}}],
        "valueAxes": [{"id": "ValueAxis-1", "name": "LeftAxis-1", "type": "value", "position": "left", "show": True,
                       "style": {}, "scale": {"type": "linear", "mode": "normal"},
                       "labels": {"show": True, "rotate": 0, "filter": False, "truncate": 100},
                       "title": {"text": value_title}}],
        "seriesParams": [{"show": True, "type": chart_type, "mode": "normal",
                          "data": {"label": value_title, "id": metric_id}, "valueAxis": "ValueAxis-1",
                          "drawLinesBetweenPoints": True, "lineWidth": 2, "interpolate": "linear",
                          "showCircles": True} for metric_id in metric_ids],
        "labels": {}, "thresholdLine": {"show": False, "value": 10, "width": 1, "style": "full", "color": "#E7664C"},
    }


TABLE_PARAMS = {"perPage": 20, "showPartialRows": False, "showMetricsAtAllLevels": False,
                "sort": {"columnIndex": None, "direction": None}, "showTotal": False, "totalFunc": "sum",
                "percentageCol": ""}
PIE_PARAMS = {"type": "pie", "addTooltip": True, "addLegend": True, "legendPosition": "right", "isDonut": True,
              "labels": {"show": True, "values": True, "last_level": True, "truncate": 100}}
METRIC_PARAMS = {"addTooltip": True, "addLegend": False, "type": "metric",
                 "metric": {"percentageMode": False, "useRanges": False, "colorSchema": "Green to Red",
                            "metricColorMode": "None", "colorsRange": [{"from": 0, "to": 10000}],
                            "labels": {"show": True}, "invertColors": False,
                            "style": {"bgFill": "#000", "bgColor": False, "labelColor": False, "subText": "",
                                      "fontSize": 36}}}


def visualization(vis_id, title, description, pattern_id, vis_type, params, aggs, query=""):
    vis_state = {"title": title, "type": vis_type, "params": params, "aggs": aggs}
    search_source = {"query": {"query": query, "language": "kuery"}, "filter": [],
                     "indexRefName": "kibanaSavedObjectMeta.searchSourceJSON.index"}
    return {"id": vis_id, "type": "visualization",
            "attributes": {"title": title, "description": description, "version": 1, "uiStateJSON": "{}",
                           "visState": json.dumps(vis_state),
                           "kibanaSavedObjectMeta": {"searchSourceJSON": json.dumps(search_source)}},
            "references": [{"name": "kibanaSavedObjectMeta.searchSourceJSON.index", "type": "index-pattern",
                            "id": pattern_id}],
            "migrationVersion": {"visualization": "7.10.0"}}


def line(vis_id, title, description, pattern_id, value_title, aggs, query="", chart_type="line"):
    metric_ids = [a["id"] for a in aggs if a["schema"] == "metric"]
    return visualization(vis_id, title, description, pattern_id, chart_type,
                         axis_params(chart_type, value_title, metric_ids), aggs, query)


def table(vis_id, title, description, pattern_id, aggs, query=""):
    return visualization(vis_id, title, description, pattern_id, "table", TABLE_PARAMS, aggs, query)


def dashboard(dashboard_id, title, description, visualizations, time_restore=None):
    panels, references = [], []
    for i, vis in enumerate(visualizations):
        panels.append({"version": DASHBOARDS_VERSION, "gridData": {"x": (i % 2) * 24, "y": (i // 2) * 15, "w": 24,
                                                                   "h": 15, "i": str(i + 1)},
                       "panelIndex": str(i + 1), "embeddableConfig": {}, "panelRefName": "panel_%d" % i})
        references.append({"name": "panel_%d" % i, "type": "visualization", "id": vis["id"]})
    attributes = {"title": title, "description": description, "hits": 0, "version": 1,
                  "panelsJSON": json.dumps(panels), "optionsJSON": json.dumps({"hidePanelTitles": False,
                                                                               "useMargins": True}),
                  "timeRestore": time_restore is not None,
                  "kibanaSavedObjectMeta": {"searchSourceJSON": json.dumps(
                      {"query": {"query": "", "language": "kuery"}, "filter": []})}}
    if time_restore:
        attributes.update({"timeFrom": time_restore, "timeTo": "now", "refreshInterval": {"pause": False,
                                                                                          "value": 10000}})
    return {"id": dashboard_id, "type": "dashboard", "attributes": attributes, "references": references,
            "migrationVersion": {"dashboard": "7.9.3"}}


STATUS = "squall-index-pattern-status"
CONTENT = "squall-index-pattern-content"
METRICS = "squall-index-pattern-metrics"
HOSTS = "squall-index-pattern-hosts"
ERRORS = "status:ERROR or status:FETCH_ERROR"


def status_objects():
    fetched_over_time = line("squall-status-fetched-over-time", "Squall status: pages fetched over time",
                             "Pages written to the content index, by when they were fetched.", CONTENT, "pages",
                             [count("pages"), over_time(2, "fetchDate")], chart_type="histogram")
    vis = [
        visualization("squall-status-by-status", "Squall status: URLs by status",
                      "Every URL the crawl knows, by status.", STATUS, "pie", PIE_PARAMS,
                      [count("URLs"), terms(2, "status", 10, "segment")]),
        table("squall-status-top-hosts", "Squall status: top hosts",
              "The hosts (or domains, IPs: partition.url.mode) with the most URLs, by status.", STATUS,
              [count("URLs"), terms(2, "key", 25, "bucket", label="host"), terms(3, "status", 5, "bucket")]),
        table("squall-status-errors-by-cause", "Squall status: errors by cause",
              "URLs in ERROR or FETCH_ERROR by error.cause, and how many hosts each cause hit.", STATUS,
              [count("URLs"), agg(3, "cardinality", "metric", field="key", customLabel="hosts"),
               terms(2, "metadata.error.cause", 25, "bucket", label="cause")], query=ERRORS),
        visualization("squall-status-http-codes", "Squall status: HTTP status codes",
                      "The last HTTP status code of each URL that got an answer.", STATUS, "pie", PIE_PARAMS,
                      [count("URLs"), terms(2, "metadata.fetch.statusCode", 15, "segment", label="HTTP status")]),
        line("squall-status-discovered-over-time", "Squall status: URLs discovered per minute",
             "When the URLs the crawl knows were first found (metadata.discoveryDate), per minute.", STATUS,
             "URLs", [count("URLs"), over_time(2, "metadata.discoveryDate", interval="m")], chart_type="histogram"),
        fetched_over_time,
        line("squall-status-by-depth", "Squall status: URLs by depth",
             "Links from the seeds (metadata.depth), by status.", STATUS, "URLs",
             [count("URLs"), agg(2, "histogram", "segment", field="metadata.depth", interval=1, min_doc_count=False,
                                 has_extended_bounds=False, extended_bounds={"min": "", "max": ""}),
              terms(3, "status", 5, "group")], chart_type="histogram"),
        visualization("squall-status-fetch-totals", "Squall status: bytes and fetch time of fetched pages",
                      "Over the FETCHED URLs: bytes fetched in all, mean bytes and mean fetch time (ms).", STATUS,
                      "metric", METRIC_PARAMS,
                      [metric(1, "sum", "metadata.fetch.byteLength", "bytes"),
                       metric(2, "avg", "metadata.fetch.byteLength", "mean bytes"),
                       metric(3, "avg", "metadata.fetch.loadingTime", "mean fetch time (ms)")],
                      query="status:FETCHED"),
        visualization("squall-status-freshness", "Squall status: freshness of the fetched pages",
                      "With scheduler.class freshness: the mean expected freshness of the fetched pages (the share"
                      " of the time their copy equals the live page), their expected age (seconds since the live"
                      " page first differed from the copy, 0 while it is fresh), their estimated changes a day and"
                      " the mean seconds planned between two fetches.", STATUS, "metric", METRIC_PARAMS,
                      [metric(1, "avg", "metadata.freshness.expected", "expected freshness"),
                       metric(2, "avg", "metadata.freshness.age", "expected age (s)"),
                       metric(3, "avg", "metadata.freshness.rate", "changes a day"),
                       metric(4, "avg", "metadata.freshness.interval", "seconds between fetches")],
                      query="status:FETCHED"),
        table("squall-status-least-fresh-hosts", "Squall status: least fresh hosts",
              "With scheduler.class freshness: hosts by the mean expected freshness of their fetched pages,"
              " lowest first, with their pages' expected age and estimated changes a day.", STATUS,
              [metric(1, "avg", "metadata.freshness.expected", "expected freshness"),
               terms(2, "key", 25, "bucket", label="host", order="asc"),
               metric(3, "avg", "metadata.freshness.age", "expected age (s)"),
               metric(4, "avg", "metadata.freshness.rate", "changes a day"), agg(5, "count", "metric", customLabel="pages")],
              query="status:FETCHED"),
        visualization("squall-status-last-observed", "Squall status: what the last fetch found",
                      "Each fetched page by what its last fetch found: changed, unchanged (fetched in full for"
                      " nothing new), not-modified (a 304) or first (fetched once).", STATUS, "pie", PIE_PARAMS,
                      [count("pages"), terms(2, "metadata.freshness.observed", 5, "segment", label="last fetch")]),
    ]
    board = dashboard("squall-dashboard-status", "Squall: status",
                      "The status index: what the crawl knows, fetched and failed.", vis)
    return [index_pattern(STATUS, "status", "status.json", None),
            index_pattern(CONTENT, "content", "content.json", "fetchDate")] + vis + [board]


def rate(vis_id, title, description, unit, query, split=None, size=10):
    aggs = [metric(1, "sum", "delta", unit), over_time(2, "timestamp", per_second=True)]
    if split:
        aggs.append(terms(3, split, size, "group"))
    return line(vis_id, title, description, METRICS, unit, aggs, query)


def level(vis_id, title, description, unit, query, split, agg_type="avg"):
    return line(vis_id, title, description, METRICS, unit,
                [metric(1, agg_type, "value", unit), over_time(2, "timestamp"), terms(3, split, 10, "group")], query)


def metrics_objects():
    vis = [
        rate("squall-metrics-pages-per-second", "Squall metrics: pages fetched per second",
             "Pages fetched (fetcher.pages), per second, over every fetcher task.", "pages/s", "name:fetcher.pages"),
        rate("squall-metrics-bytes-per-second", "Squall metrics: bytes fetched per second",
             "Bytes of content fetched (fetcher.bytes), per second.", "bytes/s", "name:fetcher.bytes"),
        level("squall-metrics-fetch-latency", "Squall metrics: fetch time (ms)",
              "Mean and 95th percentile of the fetch time over about the last five minutes, per fetcher task.",
              "ms", "name:fetcher.fetch.ms.mean or name:fetcher.fetch.ms.p95", "name"),
        level("squall-metrics-queues", "Squall metrics: fetcher queues and URLs in flight",
              "Host queues, URLs waiting in them, busy fetch threads (per fetcher task) and URLs in flight"
              " (per spout task).", "count",
              "name:fetcher.queues or name:fetcher.urls.in.queues or name:fetcher.active.threads"
              " or name:spout.inflight", "name"),
        rate("squall-metrics-status-writes", "Squall metrics: status writes per second, by status",
             "Status documents written (status.written.STATUS), per second.", "writes/s", "name:status.written.*",
             split="name"),
        rate("squall-metrics-errors-by-cause", "Squall metrics: errors per second, by cause",
             "FETCH_ERROR and ERROR statuses written, by error.cause (status.errors.CAUSE).", "errors/s",
             "name:status.errors.*", split="name", size=15),
        table("squall-metrics-errors-total", "Squall metrics: errors by cause, in the time range",
              "Errors by cause (status.errors.CAUSE), summed over the time range and the runs in it.", METRICS,
              [metric(1, "sum", "delta", "errors"), terms(2, "name", 25, "bucket", label="cause")],
              query="name:status.errors.*"),
        rate("squall-metrics-http-codes", "Squall metrics: HTTP answers per second, by status code",
             "Answers by HTTP status code (fetcher.http.CODE).", "answers/s", "name:fetcher.http.*", split="name"),
        rate("squall-metrics-url-filters", "Squall metrics: URLs rejected by the URL filters, per second",
             "Links, redirects and seeds rejected, by the filter that rejected them (urlfilter.rejected.FILTER).",
             "URLs/s", "name:urlfilter.rejected.*", split="name"),
        rate("squall-metrics-parser-indexer", "Squall metrics: parser and indexer, per second",
             "Pages parsed, outlinks found, sitemaps, pages indexed, noindex and failures.", "per second",
             "name:parser.* or name:indexer.*", split="name"),
        rate("squall-metrics-changes", "Squall metrics: what re-fetches found, per second",
             "Fetches by what they found of their page's changes (freshness.observed.changed, .unchanged,"
             " .not-modified, .first).", "fetches/s", "name:freshness.observed.*", split="name"),
        level("squall-metrics-expected-freshness", "Squall metrics: expected freshness, per status task",
              "With scheduler.class freshness: the mean expected freshness of the pages each status task planned"
              " (freshness.expected, 0 to 1), over all their hosts.", "expected freshness",
              "name:freshness.expected", "worker"),
        rate("squall-metrics-pages-per-worker", "Squall metrics: pages fetched per second, per worker",
             "fetcher.pages per worker (host:port), per second.", "pages/s", "name:fetcher.pages", split="worker"),
        level("squall-metrics-capacity", "Squall metrics: bolt capacity",
              "Storm's __capacity: the share of time each component's tasks are busy; near 1, it is the"
              " bottleneck.", "capacity", "name:__capacity", "component"),
        level("squall-metrics-storm-queues", "Squall metrics: tuples waiting in Storm's queues",
              "Storm's receive-queue-population: tuples waiting for each component's tasks.", "tuples",
              "name:receive-queue-population", "component", agg_type="max"),
    ]
    board = dashboard("squall-dashboard-metrics", "Squall: metrics",
                      "The metrics indices (metrics-*): rates, latency, queues, errors, per worker and run."
                      " Add a filter on stormId to see one run.", vis, time_restore="now-1h")
    return [index_pattern(METRICS, "metrics-*", "metrics.json", "timestamp")] + vis + [board]


def content_objects():
    vis = [
        line("squall-content-over-time", "Squall content: pages indexed over time",
             "Pages in the content index, by fetch date.", CONTENT, "pages",
             [count("pages"), over_time(2, "fetchDate")], chart_type="histogram"),
        table("squall-content-hosts", "Squall content: pages by host", "Pages in the content index per host.",
              CONTENT, [count("pages"), terms(2, "host", 25, "bucket", label="host")]),
        visualization("squall-content-types", "Squall content: content types", "Pages by Content-Type.", CONTENT,
                      "pie", PIE_PARAMS, [count("pages"), terms(2, "contentType", 10, "segment")]),
        visualization("squall-content-languages", "Squall content: languages",
                      "Pages by declared language (html lang).", CONTENT, "pie", PIE_PARAMS,
                      [count("pages"), terms(2, "language", 15, "segment")]),
    ]
    board = dashboard("squall-dashboard-content", "Squall: content", "The content index: the pages kept.", vis)
    return [index_pattern(CONTENT, "content", "content.json", "fetchDate")] + vis + [board]


def hosts_objects():
    vis = [
        table("squall-hosts-fetched", "Squall hosts: requests by host",
              "Requests sent to each host (robots.txt included), as its fetcher task last wrote it.", HOSTS,
              [metric(1, "sum", "fetched", "requests"), terms(2, "key", 25, "bucket", label="host")],
              query="kind:host"),
        visualization("squall-hosts-delay-reasons", "Squall hosts: why hosts wait between fetches",
                      "Hosts by the reason of the delay in force: fixed, robots (Crawl-delay), adaptive, backoff,"
                      " retry-after.", HOSTS, "pie", PIE_PARAMS,
                      [count("hosts"), terms(2, "delayReason", 10, "segment")], query="kind:host"),
        table("squall-hosts-queued", "Squall hosts: URLs queued by host",
              "URLs waiting in each host's fetcher queue, and its delay in force (ms).", HOSTS,
              [metric(1, "sum", "queued", "queued"), metric(3, "max", "delayMs", "delay (ms)"),
               terms(2, "key", 25, "bucket", label="host")], query="kind:host"),
        table("squall-hosts-errors", "Squall hosts: errors and back-offs by host",
              "Exceptions (timeouts, refused connections) per host and its back-off level.", HOSTS,
              [metric(1, "max", "errors", "errors"), metric(3, "max", "backOffLevel", "back-off level"),
               terms(2, "key", 25, "bucket", label="host")], query="kind:host"),
        table("squall-hosts-least-fresh", "Squall hosts: least fresh hosts",
              "Hosts by the mean expected freshness of their pages (scheduler.class freshness), lowest first, with"
              " their expected age, the fetches that found a change, those that found none (wasted: fetched in"
              " full for nothing new), 304s and all fetches, as the status writers last wrote them (counts since"
              " they started; the documents also hold freshness.changeShare and freshness.wastedShare).", HOSTS,
              [metric(1, "min", "freshness.expected", "expected freshness"),
               terms(2, "key", 25, "bucket", label="host", order="asc"),
               metric(3, "max", "freshness.ageSeconds", "expected age (s)"),
               metric(4, "sum", "freshness.changed", "changed"),
               metric(5, "sum", "freshness.unchanged", "unchanged (wasted)"),
               metric(6, "sum", "freshness.notModified", "304s"),
               metric(7, "sum", "freshness.fetches", "fetches")], query="kind:host"),
        visualization("squall-hosts-freshness", "Squall hosts: freshness over the hosts",
                      "What the fetches found, summed over the hosts (changed, unchanged: fetched in full for"
                      " nothing new, 304s), and the hosts' mean expected freshness and age (each host counts"
                      " once).", HOSTS, "metric", METRIC_PARAMS,
                      [metric(1, "avg", "freshness.expected", "expected freshness (mean of hosts)"),
                       metric(2, "avg", "freshness.ageSeconds", "expected age (s)"),
                       metric(3, "sum", "freshness.changed", "changed"),
                       metric(4, "sum", "freshness.unchanged", "unchanged (wasted)"),
                       metric(5, "sum", "freshness.notModified", "not modified (304)"),
                       metric(6, "sum", "freshness.fetches", "fetches")], query="kind:host"),
    ]
    board = dashboard("squall-dashboard-hosts", "Squall: hosts",
                      "The host index: each host's queue, delay and why, errors, as the fetchers last wrote them;"
                      " what its fetches found and how fresh its pages are expected to be, as the status writers"
                      " last wrote it.", vis)
    return [index_pattern(HOSTS, "hosts", "hosts.json", "updated")] + vis + [board]


def write(name, objects):
    with open(os.path.join(HERE, name), "w") as f:
        for obj in objects:
            f.write(json.dumps(obj, sort_keys=True) + "\n")


if __name__ == "__main__":
    write("status.ndjson", status_objects())
    write("metrics.ndjson", metrics_objects())
    write("content.ndjson", content_objects())
    write("hosts.ndjson", hosts_objects())
