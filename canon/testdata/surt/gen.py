"""gen.py records the SURT keys of the surt package (surt.surt(url) with
its default options, the form of the Wayback Machine's and Common Crawl's
CDX indexes) for the inputs weburl's SURT tests read. Run it through
gen.sh, after `make wpt datasets`; its output is committed, so the tests
need no Python.

Each input gets one line: " " and its key, or "!" and the name of the
exception surt.surt raised. The inputs are passed as bytes, so that the
package reads a line that is not UTF-8 as it reads a line of a CDX file.
"""
import gzip
import hashlib
import json
import os

import surt

here = os.path.dirname(os.path.abspath(__file__))
testdata = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(here))), "testdata")


def key(url):
    try:
        return b" " + surt.surt(url)
    except Exception as e:  # the package's own failures are recorded
        return b"!" + type(e).__name__.encode()


def header(name, data):
    return [
        b"# surt 0.3.1 (internetarchive/surt 6934c32): surt.surt(line) over " + name.encode(),
        b"# sha256 " + hashlib.sha256(data).hexdigest().encode(),
        b"# One line per input, in order: \" \" and the key, or \"!\" and the exception.",
        b"# Made by canon/testdata/surt/gen.sh; do not edit.",
    ]


def write(name, lines):
    with gzip.GzipFile(os.path.join(here, name), "wb", mtime=0) as f:
        f.write(b"\n".join(lines) + b"\n")


# The URL lists: their non-empty lines, less a final CR, as the tests read
# them (internal/corpus.Lines).
for name in ["kasztp", "userbait", "node_files", "isaacs_files"]:
    with open(os.path.join(testdata, "datasets", name + ".txt"), "rb") as f:
        data = f.read()
    out = header(name + ".txt", data)
    for line in data.split(b"\n"):
        line = line.rstrip(b"\r")
        if line:
            out.append(key(line))
    write(name + ".txt.gz", out)

# urltestdata.json: the input of every case, in order. A lone surrogate
# becomes U+FFFD, as Go's JSON decoder makes it.
with open(os.path.join(testdata, "wpt", "urltestdata.json"), "rb") as f:
    data = f.read()
out = header("urltestdata.json", data)
for case in json.loads(data):
    if isinstance(case, str):
        continue
    s = case["input"].encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    out.append(key(s.encode("utf-8")))
write("urltestdata.txt.gz", out)

# Inputs made to reach what the package does with each part of a URL:
# schemes, hosts (dots, IPv4 forms, IPv6, ports, IDN, percent-encoding),
# paths (dot segments, percent-encoded delimiters, session IDs), queries
# and whitespace, alone and combined. One JSON array per line: the input,
# then the key or null and the exception.
schemes = ["http://", "https://", "HTTP://", "ftp://", "", "http://https://", "https://http://http://",
           "dns:", "mailto:", "file://", "file:///", "http:////", "https:", "httpfoo://", "ws://", "x-y.z+w://"]
hosts = ["www.example.com", "WWW.Example.COM", "www2.example.co.uk", "www.www.example.com", "wwwx.example",
         "example.com.", ".example.com", "example..com", "a...b....c", "..", ".", "",
         "[1:2:3:4:5:6:102:304]", "[::1]", "[FE80::1%25eth0]", "[::ffff:1.2.3.4]:8080", "[::1",
         "1.2.3.4", "3279880203", "4294967296", "0x7f.1", "012.1.1.1", "1.2.3", "1.08.1.1", "999.1.1.1",
         "01.02.03.04", "0", "00", "1.2.65535", "255.255.255.255.", "192.168.1.254",
         "bücher.example", "xn--bcher-kva.example", "B%C3%BCcher.example", "例え.テスト", "ÉXAMPLE.com",
         "ex%41mple.com", "ex%2541mple.com", "%2e%2eexample.com", "user:pw@example.com", "@example.com",
         "a@b@example.com", "example.com:", "example.com::", "example.com:0", "example.com:80",
         "example.com:443", "example.com:8080", "example.com:0080", "example.com:99999", "example.com:abc",
         "example.com:-1", "_under.example", "ex ample.com", "EXAMPLE.com%2e", "ex%00ample.com", "a,b.example"]
paths = ["", "/", "/a/b/../c", "/a/./b", "/../a", "/a/..", "/A/B/", "/%3F", "/%3f/x", "/%5C", "/%23x", "/%25",
         "/%2525", "/%252541", "/a%2Fb", "/a b", "/ü", "/%C3%BC", "/%FF", "/a//b", "//a", "/./a",
         "/(abcdefghijklmnopqrstuvwx)/x.aspx", "/(a(abcdefghijklmnopqrstuvwx))/page.aspx?x=1",
         "/index.html?", "/~user/", "/a\\b", "/%zz", "/%", "/a;b=c", "/a#b", "/.%2e/x", "/trailing/"]
queries = ["", "?", "??", "?b=2&a=1", "?B=2&a=1&a", "?a=&a", "?jsessionid=0123456789abcdef0123456789abcdef",
           "?x=1&PHPSESSID=0123456789abcdef0123456789abcdef&y=2", "?sid=0123456789ABCDEF0123456789abcdef",
           "?ASPSESSIONIDabcdefgh=abcdefghijklmnopqrstuvwx&z", "?cfid=1&cftoken=2&k=v", "?a=%41&b",
           "?q=a b", "?x=%7E#frag", "?%26=%3D", "?a=1&&b=2", "#only", "?a#b#c"]
inputs = []
for s in schemes:
    for h in hosts:
        inputs.append(s + h + "/")
for h in hosts:
    for p in paths:
        inputs.append("http://" + h + p)
for p in paths:
    for q in queries:
        inputs.append("https://www.example.com" + p + q)
        inputs.append("mailto:" + p.lstrip("/") + q)
inputs += ["", " ", "\t", " http://example.com/ ", "\thttp://ex\tam\nple.com/a\r\nb", "http://example.com/a b ",
           "filedesc://x.arc", "filedescription", "dns:archive.org", "DNS:archive.org", "about:blank",
           "javascript:alert(1)", "urn:isbn:0451450523", "example.com", "example.com:8080/x", "//example.com/x",
           "/just/a/path", "?q", "#f", "http:", "http:/", "http://", "http:///", "https:example.com",
           "http:\\\\example.com\\a", "1http://example.com/", "http://example.com?q", "http://example.com#f"]
with open(os.path.join(here, "inputs.jsonl"), "wb") as f:
    f.write(b"# surt 0.3.1 (internetarchive/surt 6934c32): surt.surt(input) over inputs made by gen.py.\n")
    f.write(b"# One JSON array per line: the input, then the key, or null and the exception.\n")
    f.write(b"# Made by canon/testdata/surt/gen.sh; do not edit.\n")
    for s in inputs:
        k = key(s.encode("utf-8"))
        rec = [s, k[1:].decode("utf-8")] if k[:1] == b" " else [s, None, k[1:].decode()]
        f.write(json.dumps(rec, ensure_ascii=False).encode("utf-8") + b"\n")
