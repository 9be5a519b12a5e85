"""The Python side of a warm converter (lib/server/convert/office-worker.ts runs this file).

It starts one LibreOffice listener with its own profile, connects to it over UNO (python3-uno)
and converts one file per request.

Arguments: soffice, profile directory, pipe name, start-up limit in seconds, and a JSON array
the soffice command is prefixed with (e.g. ["/usr/bin/unshare", "--net"]: no network for it).

Protocol, one JSON object per line:
  stdout first: {"ready": true, "pid": <soffice pid>} or {"fatal": "..."}
  stdin:  {"id": n, "src": "/abs/in.docx", "dst": "/abs/out.pdf", "filter": "writer_pdf_Export", "inputFilter": "MS Word 2007 XML"}
  stdout: {"id": n, "ok": true} or {"id": n, "ok": false, "kind": "load" | "crash" | "error", "message": "..."}

LibreOffice runs in its own session (process group), which the bridge kills when its stdin
closes (the server went away, however it died) or when it gets a signal; the server also kills
that group itself on timeout and at exit.
"""
import glob, json, os, shutil, signal, subprocess, sys, tempfile, threading, time, queue

soffice, profile, pipe, start_timeout = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
isolate = json.loads(sys.argv[5]) if len(sys.argv) > 5 else []
proc = None
# Held while LibreOffice is being spawned, so that stopping never misses a process just started.
spawning = threading.RLock()

def stop(*_, server_gone=False):
    with spawning:
        if proc is not None:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=5)
            except Exception:
                pass
    # A killed LibreOffice leaves its pipe's socket file behind; remove it.
    for f in glob.glob("/tmp/OSL_PIPE_*_" + pipe) + glob.glob(os.path.join(tempfile.gettempdir(), "OSL_PIPE_*_" + pipe)):
        try:
            os.unlink(f)
        except Exception:
            pass
    if server_gone:
        # Nobody will restart this worker: its profile (and the pool's directory, once empty) can go.
        shutil.rmtree(profile, ignore_errors=True)
        try:
            os.rmdir(os.path.dirname(profile))
        except Exception:
            pass
    os._exit(0)

def out(obj):
    try:
        sys.stdout.write(json.dumps(obj) + "\n")
        sys.stdout.flush()
    except Exception:
        stop(server_gone=True)  # nobody is listening any more

for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
    signal.signal(s, lambda *_: stop(server_gone=True))

# Requests are read on their own thread from the start: end of input (the server is gone) stops
# everything, during start-up as well as in the middle of a conversion.
requests = queue.Queue()
def reader():
    for line in sys.stdin:
        requests.put(line)
    stop(server_gone=True)
threading.Thread(target=reader, daemon=True).start()

try:
    import uno
    from com.sun.star.beans import PropertyValue
except Exception as e:
    out({"fatal": "python3-uno is not available: %s" % e})
    stop()

def spawn():
    global proc
    with spawning:
        proc = subprocess.Popen(
            isolate + [soffice, "-env:UserInstallation=" + uno.systemPathToFileUrl(profile), "--headless", "--invisible", "--nologo",
             "--norestore", "--nodefault", "--nolockcheck", "--nofirststartwizard",
             "--accept=pipe,name=%s;urp;StarOffice.ComponentContext" % pipe],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
try:
    spawn()
except Exception as e:
    out({"fatal": "LibreOffice could not be started (%s): %s" % (soffice, e)})
    stop()

def pv(name, value):
    p = PropertyValue()
    p.Name = name
    p.Value = value
    return p

local = uno.getComponentContext()
resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
deadline = time.time() + start_timeout
ctx = None
while ctx is None:
    try:
        ctx = resolver.resolve("uno:pipe,name=%s;urp;StarOffice.ComponentContext" % pipe)
    except Exception as e:
        if proc.poll() is not None and proc.returncode != 0:
            out({"fatal": "LibreOffice exited during start-up with code %s" % proc.returncode})
            stop()
        if time.time() > deadline:
            out({"fatal": "LibreOffice did not accept connections within %.0f s" % start_timeout})
            stop()
        time.sleep(0.05)
desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
out({"ready": True, "pid": proc.pid})

# LibreOffice dying while idle ends the bridge too, so the server sees it and starts a new one
# before the next conversion instead of failing that conversion.
def watch():
    proc.wait()
    stop()
threading.Thread(target=watch, daemon=True).start()


def alive():
    return proc.poll() is None

while True:
    line = requests.get()
    try:
        req = json.loads(line)
    except Exception:
        continue
    rid = req.get("id")
    doc = None
    try:
        load = [pv("Hidden", True), pv("ReadOnly", True), pv("MacroExecutionMode", 0), pv("UpdateDocMode", 0)]
        if req.get("inputFilter"):
            load.append(pv("FilterName", req["inputFilter"]))
        doc = desktop.loadComponentFromURL(uno.systemPathToFileUrl(req["src"]), "_blank", 0, tuple(load))
        if doc is None:
            out({"id": rid, "ok": False, "kind": "load", "message": "LibreOffice could not open the document"})
            continue
        doc.storeToURL(uno.systemPathToFileUrl(req["dst"]), (pv("FilterName", req.get("filter", "writer_pdf_Export")),))
        out({"id": rid, "ok": True})
    except Exception as e:
        name = type(e).__name__
        if not alive() or "Disposed" in name or "Bridge" in name:
            out({"id": rid, "ok": False, "kind": "crash", "message": "LibreOffice stopped during the conversion (%s)" % name})
            stop()
        kind = "load" if "IllegalArgument" in name or "IOException" in name else "error"
        out({"id": rid, "ok": False, "kind": kind, "message": "%s: %s" % (name, getattr(e, "Message", str(e))[:300])})
    finally:
        if doc is not None:
            try:
                doc.close(True)
            except Exception:
                try:
                    doc.dispose()
                except Exception:
                    pass
