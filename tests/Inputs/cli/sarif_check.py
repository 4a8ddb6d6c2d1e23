#!/usr/bin/env python3
"""Checks that a file is a SARIF 2.1.0 log as `simtc check --format=sarif` writes one.

usage: sarif_check.py FILE

The requirements come from the SARIF 2.1.0 specification (OASIS, errata 01): the properties
each object must have and the type of each property simtc writes, the levels (section
3.27.10), ruleIndex pointing at the rule named by ruleId (3.27.6), uriBaseId naming an
entry of run.originalUriBaseIds whose uri is absolute and ends in '/' (3.14.14), regions
1-based (3.30.5) and relatedLocations' ids unique and non-negative (3.28.2). Objects may
hold only the properties the specification defines for them, of those listed here. Prints
"ok" and exits 0, or prints each problem and exits 1.
"""
import json
import re
import sys

problems = []


def fail(path, what):
    problems.append("%s: %s" % (path, what))


def check_object(value, path, required, allowed):
    if not isinstance(value, dict):
        fail(path, "not an object")
        return False
    for key in required:
        if key not in value:
            fail(path, "missing required property '%s'" % key)
    for key in value:
        if key not in allowed:
            fail(path, "property '%s' is not one SARIF 2.1.0 defines here" % key)
    return True


def check_string(value, path):
    if not isinstance(value, str):
        fail(path, "not a string")


def check_int(value, path, minimum):
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        fail(path, "not an integer >= %d" % minimum)


def check_message(value, path):
    # multiformatMessageString (3.12) needs text; message (3.11) needs text or id.
    if check_object(value, path, ["text"], ["text", "markdown"]):
        for key in value:
            check_string(value[key], "%s.%s" % (path, key))


ABSOLUTE_URI = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


def check_location(value, path, base_ids, related):
    allowed = ["physicalLocation", "message"] + (["id"] if related else [])
    if not check_object(value, path, [], allowed):
        return
    if related:
        check_int(value.get("id", -1), path + ".id", 0)
    if "message" in value:
        check_message(value["message"], path + ".message")
    physical = value.get("physicalLocation")
    if physical is None:
        return
    ppath = path + ".physicalLocation"
    if not check_object(physical, ppath, ["artifactLocation"], ["artifactLocation", "region"]):
        return
    artifact = physical["artifactLocation"]
    apath = ppath + ".artifactLocation"
    if check_object(artifact, apath, ["uri"], ["uri", "uriBaseId"]):
        check_string(artifact["uri"], apath + ".uri")
        if "uriBaseId" in artifact:
            if artifact["uriBaseId"] not in base_ids:
                fail(apath, "uriBaseId '%s' is not in run.originalUriBaseIds" % artifact["uriBaseId"])
            if ABSOLUTE_URI.match(artifact["uri"]):
                fail(apath, "uri is absolute but has a uriBaseId")
        elif not ABSOLUTE_URI.match(artifact["uri"]):
            fail(apath, "relative uri without a uriBaseId")
    if "region" in physical:
        region = physical["region"]
        rpath = ppath + ".region"
        if check_object(region, rpath, ["startLine"], ["startLine", "startColumn"]):
            check_int(region["startLine"], rpath + ".startLine", 1)
            if "startColumn" in region:
                check_int(region["startColumn"], rpath + ".startColumn", 1)


def check_run(run, path):
    if not check_object(run, path, ["tool"], ["tool", "results", "originalUriBaseIds"]):
        return
    base_ids = run.get("originalUriBaseIds", {})
    if check_object(base_ids, path + ".originalUriBaseIds", [], list(base_ids)):
        for name, base in base_ids.items():
            bpath = "%s.originalUriBaseIds.%s" % (path, name)
            if check_object(base, bpath, ["uri"], ["uri"]):
                if not ABSOLUTE_URI.match(base["uri"]) or not base["uri"].endswith("/"):
                    fail(bpath, "uri must be absolute and end in '/'")
    tool = run["tool"]
    rules = []
    if check_object(tool, path + ".tool", ["driver"], ["driver"]):
        driver = tool["driver"]
        dpath = path + ".tool.driver"
        if check_object(driver, dpath, ["name"], ["name", "version", "rules"]):
            check_string(driver["name"], dpath + ".name")
            check_string(driver.get("version", ""), dpath + ".version")
            rules = driver.get("rules", [])
            if not isinstance(rules, list):
                fail(dpath + ".rules", "not an array")
                rules = []
            for i, rule in enumerate(rules):
                rpath = "%s.rules[%d]" % (dpath, i)
                allowed = ["id", "shortDescription", "fullDescription", "help", "helpUri"]
                if check_object(rule, rpath, ["id"], allowed):
                    check_string(rule["id"], rpath + ".id")
                    for key in ("shortDescription", "fullDescription", "help"):
                        if key in rule:
                            check_message(rule[key], "%s.%s" % (rpath, key))
            ids = [rule.get("id") for rule in rules if isinstance(rule, dict)]
            if len(set(ids)) != len(ids):
                fail(dpath + ".rules", "rule ids are not unique")
    results = run.get("results", [])
    if not isinstance(results, list):
        fail(path + ".results", "not an array")
        return
    for i, result in enumerate(results):
        rpath = "%s.results[%d]" % (path, i)
        allowed = ["ruleId", "ruleIndex", "level", "message", "locations", "relatedLocations"]
        if not check_object(result, rpath, ["message"], allowed):
            continue
        if check_object(result["message"], rpath + ".message", ["text"], ["text"]):
            check_string(result["message"]["text"], rpath + ".message.text")
        if result.get("level", "warning") not in ("none", "note", "warning", "error"):
            fail(rpath + ".level", "not one of none, note, warning, error")
        if "ruleIndex" in result:
            check_int(result["ruleIndex"], rpath + ".ruleIndex", 0)
            index = result["ruleIndex"]
            if not isinstance(index, int) or index >= len(rules) or rules[index].get("id") != result.get("ruleId"):
                fail(rpath + ".ruleIndex", "does not name the rule of ruleId")
        for j, location in enumerate(result.get("locations", [])):
            check_location(location, "%s.locations[%d]" % (rpath, j), base_ids, related=False)
        ids = []
        for j, location in enumerate(result.get("relatedLocations", [])):
            check_location(location, "%s.relatedLocations[%d]" % (rpath, j), base_ids, related=True)
            ids.append(location.get("id") if isinstance(location, dict) else None)
        if len(set(ids)) != len(ids):
            fail(rpath + ".relatedLocations", "ids are not unique")


def main():
    with open(sys.argv[1]) as f:
        try:
            log = json.load(f)
        except ValueError as error:
            print("not JSON: %s" % error)
            return 1
    if check_object(log, "log", ["version", "runs"], ["version", "$schema", "runs"]):
        if "version" in log and log["version"] != "2.1.0":
            fail("log.version", "not \"2.1.0\"")
        check_string(log.get("$schema", ""), "log.$schema")
        if not isinstance(log.get("runs", []), list):
            fail("log.runs", "not an array")
        else:
            for i, run in enumerate(log.get("runs", [])):
                check_run(run, "log.runs[%d]" % i)
    for problem in problems:
        print(problem)
    if problems:
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
