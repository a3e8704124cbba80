"""gen.py records what Python's standard library gives for the cases of
cases.json: pathlib's PurePosixPath and PureWindowsPath.as_uri() for
paths, and urllib.request.url2pathname and nturl2path.url2pathname for
file URLs (given the URL's authority and path, as urllib.request does).
Run by gen.sh."""
import json, nturl2path, pathlib, sys, urllib.parse, urllib.request

cases = json.load(open("cases.json"))
out = {"python": sys.version.split()[0], "toPath": {}, "toURL": {"posix": {}, "windows": {}}}

def attempt(f):
    try:
        return f()
    except Exception as e:
        return {"error": type(e).__name__ + ": " + str(e)}

def posix_path(u):
    parts = urllib.parse.urlsplit(u)
    if parts.netloc not in ("", "localhost"):
        raise ValueError("a host")
    return urllib.request.url2pathname(parts.path)

def windows_path(u):
    parts = urllib.parse.urlsplit(u)
    netloc = "" if parts.netloc == "localhost" else parts.netloc
    return nturl2path.url2pathname(("//" + netloc if netloc else "") + parts.path)

for u in cases["urls"]:
    out["toPath"][u] = {"posix": attempt(lambda: posix_path(u)), "windows": attempt(lambda: windows_path(u))}
for p in cases["posix"]:
    out["toURL"]["posix"][p] = attempt(lambda: pathlib.PurePosixPath(p).as_uri())
for p in cases["windows"]:
    out["toURL"]["windows"][p] = attempt(lambda: pathlib.PureWindowsPath(p).as_uri())
json.dump(out, sys.stdout, indent=1, ensure_ascii=False)
sys.stdout.write("\n")
