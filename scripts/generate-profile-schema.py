#!/usr/bin/env python3
"""Generates the configuration-profile payload database from Apple's YAML payload schemas.

    python3 scripts/generate-profile-schema.py [SCHEMA_DIR] [--print]

SCHEMA_DIR is the `mdm/profiles` folder of apple/device-management (default:
../shared/admin/reference/device-management/mdm-profiles beside the repository). The database is
written to Sources/PlistSchema/Profiles/ProfileSchemaData.swift as a JSON text in a Swift string
literal (no resource bundle: see Plugins/EmbedKeyDatabase); `--print` writes it to stdout instead,
which ProfileSchemaGeneratorTests compares with the committed file.

What is kept: each payload type with its title, platforms and per-platform facts, and each key's name,
title, type, presence, default, allowed values, range, format, per-platform facts (introduced,
deprecated, removed, supervised, user enrollment) and nested keys. Apple's descriptions (`content`)
are NOT kept: plist-lsp describes keys in its own words, from these facts.
Needs PyYAML (`apt-get install python3-yaml` or `pip install pyyaml`).
"""
import datetime
import glob
import json
import os
import sys

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_SCHEMAS = os.path.join(os.path.dirname(ROOT), "shared", "admin", "reference", "device-management", "mdm-profiles")
OUTPUT = os.path.join(ROOT, "Sources", "PlistSchema", "Profiles", "ProfileSchemaData.swift")
PLATFORMS = ["iOS", "macOS", "tvOS", "visionOS", "watchOS"]


def scalar(value):
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    if isinstance(value, list):
        return [scalar(v) for v in value]
    if isinstance(value, dict):
        return {str(k): scalar(v) for k, v in value.items()}
    return value


def platforms(supported, payload_level):
    """The per-platform facts a payload or key states (a key states only what differs)."""
    out = {}
    for name in PLATFORMS:
        facts = (supported or {}).get(name)
        if facts is None:
            continue
        entry = {}
        for field in ("introduced", "deprecated", "removed"):
            if field in facts:
                entry[field] = str(facts[field])
        if "supervised" in facts:
            entry["supervised"] = bool(facts["supervised"])
        if isinstance(facts.get("userenrollment"), dict) and "mode" in facts["userenrollment"]:
            entry["userEnrollment"] = str(facts["userenrollment"]["mode"])
        if payload_level and "multiple" in facts:
            entry["multiple"] = bool(facts["multiple"])
        out[name] = entry
    return out


def key_entry(key, ancestors):
    entry = {"name": str(key["key"]), "type": key["type"].strip("<>")}
    if "title" in key:
        entry["title"] = str(key["title"])
    if "presence" in key:
        entry["presence"] = key["presence"]
    if "default" in key:
        entry["default"] = scalar(key["default"])
    if "rangelist" in key:
        entry["values"] = scalar(key["rangelist"])
    if "range" in key:
        for bound in ("min", "max"):
            if bound in key["range"]:
                entry[bound] = key["range"][bound]
    if "format" in key:
        entry["format"] = str(key["format"])
    os_facts = platforms(key.get("supportedOS"), False)
    if os_facts:
        entry["os"] = os_facts
    subkeys = key.get("subkeys")
    if subkeys is not None:
        if id(subkeys) in ancestors:
            # A YAML alias back to an enclosing list (a home-screen folder holds pages of icons,
            # which may be folders): the nesting repeats; the database says so instead of looping.
            entry["repeats"] = True
        else:
            entry["keys"] = [key_entry(k, ancestors | {id(subkeys)}) for k in subkeys]
    return entry


def build(schema_dir):
    payloads = {}
    files = sorted(glob.glob(os.path.join(schema_dir, "*.yaml")))
    if not files:
        sys.exit(f"generate-profile-schema: no *.yaml in {schema_dir}")
    for path in files:
        with open(path, encoding="utf-8") as f:
            doc = yaml.safe_load(f)
        payload = doc["payload"]
        ptype = str(payload["payloadtype"])
        keys = [key_entry(k, set()) for k in (doc.get("payloadkeys") or [])]
        if ptype in payloads:
            # Several files describe parts of one payload type (com.apple.MCX, com.apple.extensiblesso):
            # their keys are merged, the first file's definition of a key wins.
            known = {k["name"] for k in payloads[ptype]["keys"]}
            payloads[ptype]["keys"] += [k for k in keys if k["name"] not in known]
            payloads[ptype]["titles"].append(str(doc["title"]))
            continue
        payloads[ptype] = {
            "type": ptype,
            "titles": [str(doc["title"])],
            "os": platforms(payload.get("supportedOS"), True),
            "keys": keys,
        }
    ordered = [payloads[t] for t in sorted(payloads)]
    lines = ['{"formatVersion": 1, "payloads": [']
    for i, p in enumerate(ordered):
        sep = "," if i < len(ordered) - 1 else ""
        lines.append(json.dumps(p, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + sep)
    lines.append("]}")
    return "\n".join(lines)


def swift_source(text):
    hashes = "#"
    while ('"""' + hashes) in text or ("\\" + hashes) in text:
        hashes += "#"
    return (
        "// Generated by scripts/generate-profile-schema.py from Apple's device-management YAML payload\n"
        "// schemas (mdm/profiles). Do not edit: run the script (docs/profiles.md, \"Updating the payload database\").\n"
        "// swift-format-ignore-file\n"
        "extension ProfileSchema {\n"
        "    /// The payload database as JSON: each payload type, its platforms and its keys' facts.\n"
        f"    static let embeddedJSON: StaticString = {hashes}\"\"\"\n"
        f"{text}\n"
        f"\"\"\"{hashes}\n"
        "}\n"
    )


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    schema_dir = args[0] if args else DEFAULT_SCHEMAS
    source = swift_source(build(schema_dir))
    if "--print" in argv:
        sys.stdout.write(source)
    else:
        with open(OUTPUT, "w", encoding="utf-8", newline="\n") as f:
            f.write(source)
        print(f"wrote {os.path.relpath(OUTPUT, ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv)
