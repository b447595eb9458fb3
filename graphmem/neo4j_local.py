"""Assembles, starts and stops a local Neo4j Community server from Maven Central artifacts.

Layout under ``LocalNeo4jConfig.home`` (a cache folder outside the repository)::

    dist/<version>/pom.xml, lib/*.jar, entry-point   what Maven assembled; ``entry-point`` marks it complete
    conf/neo4j.conf    data/    logs/ (console.log, neo4j.log, debug.log)    run/graphmem-neo4j.pid
    import/    plugins/

Invariants: a version counts as installed only once its ``entry-point`` file exists (written last), and
the server only ever listens on 127.0.0.1, with authentication disabled, for development and tests.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import zipfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["NEO4J_VERSION", "LocalNeo4j", "LocalNeo4jConfig", "LocalNeo4jError", "LocalNeo4jStatus"]

NEO4J_VERSION = "5.26.30"
"""The pinned Neo4j 5.26 LTS patch; it runs on Java 17 and 21 (not 25)."""

_SUPPORTED_JAVA = frozenset({"17", "21"})
_POM = Path(__file__).with_name("neo4j-pom.xml")
_ENTRY_POINT_SERVICE = "META-INF/services/org.neo4j.server.startup.EntryPoint"
_MEMORY_SIZE = re.compile(r"^[1-9][0-9]*[kKmMgG]?$")
_LOG_TAIL_LINES = 40
_ANSI_ESCAPE = re.compile(r"\x1b\[[0-9;]*m")

# The JVM options of a 5.26 tarball's neo4j.conf (server.jvm.additional) that matter off a laptop, plus what
# its launcher adds. The --add-opens are required: without java.nio, vector index population can stall.
_JVM_FLAGS: tuple[str, ...] = (
    "-XX:+UseG1GC",
    "-XX:-OmitStackTraceInFastThrow",
    "-XX:+UnlockExperimentalVMOptions",
    "-XX:+TrustFinalNonStaticFields",
    "-XX:+DisableExplicitGC",
    "-XX:+ExitOnOutOfMemoryError",
    "-Djdk.nio.maxCachedBufferSize=1024",
    "-Dio.netty.tryReflectionSetAccessible=true",
    "-Djdk.tls.ephemeralDHKeySize=2048",
    "-Djdk.tls.rejectClientInitiatedRenegotiation=true",
    "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "--add-opens=java.base/java.io=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
    "--enable-native-access=ALL-UNNAMED",
    "-Dlog4j2.disable.jmx=true",
    "-Dlog4j.layout.jsonTemplate.maxStringLength=32768",
    "-Dfile.encoding=UTF-8",
)

# Starts the server as a grandchild: the shell prints the JVM's pid and exits at once, so the JVM is not our
# child (no zombie, no "still running" warning) and outlives the Python process that started it.
_DETACH_SCRIPT = 'log="$1"; shift; "$@" </dev/null >"$log" 2>&1 & echo "$!"'


class LocalNeo4jError(RuntimeError):
    """The local Neo4j server could not be installed, started or stopped; the message says what to do."""


def _default_home() -> Path:
    return Path.home() / ".cache" / "graphmem" / "neo4j"


@dataclass(frozen=True)
class LocalNeo4jConfig:
    """Where and how the local server runs; heap and page cache sizes use JVM notation such as ``1g``."""

    home: Path = field(default_factory=_default_home)
    bolt_port: int = 7687
    http_port: int = 7474
    heap: str = "1g"
    pagecache: str = "512m"
    version: str = NEO4J_VERSION

    def __post_init__(self) -> None:
        for name, port in (("bolt_port", self.bolt_port), ("http_port", self.http_port)):
            if not 0 < port < 65536:
                raise LocalNeo4jError(f"{name} must be between 1 and 65535, got {port}")
        if self.bolt_port == self.http_port:
            raise LocalNeo4jError(f"bolt_port and http_port must differ, both are {self.bolt_port}")
        for name, size in (("heap", self.heap), ("pagecache", self.pagecache)):
            if not _MEMORY_SIZE.match(size):
                raise LocalNeo4jError(f"{name} must look like 512m or 1g, got {size!r}")

    @classmethod
    def from_env(cls) -> LocalNeo4jConfig:
        """Read GRAPHMEM_NEO4J_HOME, _BOLT_PORT, _HTTP_PORT, _HEAP and _PAGECACHE; unset ones are defaults."""
        env = os.environ
        home = env.get("GRAPHMEM_NEO4J_HOME")
        return cls(
            home=Path(home).expanduser() if home else _default_home(),
            bolt_port=_env_port("GRAPHMEM_NEO4J_BOLT_PORT", cls.bolt_port),
            http_port=_env_port("GRAPHMEM_NEO4J_HTTP_PORT", cls.http_port),
            heap=env.get("GRAPHMEM_NEO4J_HEAP") or cls.heap,
            pagecache=env.get("GRAPHMEM_NEO4J_PAGECACHE") or cls.pagecache,
        )


def _env_port(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError:
        raise LocalNeo4jError(f"{name} must be a port number, got {raw!r}") from None


@dataclass(frozen=True)
class LocalNeo4jStatus:
    """``running`` means the server process recorded in the pid file is alive (it may still be starting)."""

    running: bool
    pid: int | None
    bolt_uri: str
    browser_url: str


class LocalNeo4j:
    """Installs (Maven), starts (detached JVM), stops (SIGTERM) and reports one local Neo4j server."""

    def __init__(self, config: LocalNeo4jConfig | None = None) -> None:
        self.config = config or LocalNeo4jConfig()
        home = self.config.home
        self._dist = home / "dist" / self.config.version
        self._lib = self._dist / "lib"
        self._entry_point_file = self._dist / "entry-point"
        self._conf = home / "conf"
        self._data = home / "data"
        self._logs = home / "logs"
        self._run = home / "run"
        self._pid_file = self._run / "graphmem-neo4j.pid"
        self._console_log = self._logs / "console.log"

    # --- public API ---------------------------------------------------------------------------------------

    def install(self) -> None:
        """Download the server's jars with Maven into ``home/dist/<version>/lib``; a no-op once done."""
        with self._locked():
            self._install()

    def start(self, timeout_s: float = 180) -> LocalNeo4jStatus:
        """Start the server (installing it first if needed) and wait until it answers Cypher.

        Harmless when the server is already running: its status is returned once it answers.
        """
        with self._locked():
            current = self.status()
            if current.running:
                self._wait_ready(current.pid, time.monotonic() + timeout_s)
                return current
            java = _java_executable()
            for port in (self.config.bolt_port, self.config.http_port):
                if _port_in_use(port):
                    raise LocalNeo4jError(
                        f"127.0.0.1:{port} is already in use by another process; stop it or choose other "
                        "ports with GRAPHMEM_NEO4J_BOLT_PORT / GRAPHMEM_NEO4J_HTTP_PORT"
                    )
            self._install()
            self._write_conf()
            pid = self._spawn(java)
            try:
                self._wait_ready(pid, time.monotonic() + timeout_s)
            except LocalNeo4jError:
                self._terminate(pid, timeout_s=30)
                raise
            return self.status()

    def stop(self, timeout_s: float = 60) -> bool:
        """Stop the server with SIGTERM, or SIGKILL after ``timeout_s``; False if it was not running."""
        with self._locked():
            pid = self._live_pid()
            if pid is None:
                self._pid_file.unlink(missing_ok=True)
                return False
            self._terminate(pid, timeout_s)
            return True

    def status(self) -> LocalNeo4jStatus:
        """Report whether the server recorded in the pid file is alive, and where to reach it."""
        pid = self._live_pid()
        return LocalNeo4jStatus(
            running=pid is not None,
            pid=pid,
            bolt_uri=f"bolt://127.0.0.1:{self.config.bolt_port}",
            browser_url=f"http://127.0.0.1:{self.config.http_port}/browser/",
        )

    # --- installation -------------------------------------------------------------------------------------

    def _install(self) -> None:
        if self._entry_point_file.is_file() and any(self._lib.glob("*.jar")):
            return
        mvn = shutil.which("mvn")
        if mvn is None:
            raise LocalNeo4jError("Maven (mvn) is not on PATH; install Maven 3.8+ (apt-get install maven)")
        self._dist.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(_POM, self._dist / "pom.xml")
        staging = self._dist / "lib.partial"
        shutil.rmtree(staging, ignore_errors=True)
        command = [
            mvn, "-B", "-q", "-Dstyle.color=never", "-f", str(self._dist / "pom.xml"), "package",
            f"-Dneo4j.version={self.config.version}", f"-Dneo4j.lib={staging}",
        ]  # fmt: skip
        try:
            done = subprocess.run(command, cwd=self._dist, capture_output=True, text=True, timeout=1800, check=False)
        except subprocess.TimeoutExpired:
            raise LocalNeo4jError("mvn took over 30 minutes; check the connection to Maven Central") from None
        if done.returncode != 0:
            raise LocalNeo4jError(
                f"mvn could not assemble Neo4j {self.config.version} (exit {done.returncode}); check that "
                f"Maven Central is reachable and the version exists. Command: {' '.join(command)}\n"
                + _tail(done.stdout + done.stderr)
            )
        entry_point = _find_entry_point(staging)
        shutil.rmtree(self._lib, ignore_errors=True)
        staging.rename(self._lib)
        shutil.rmtree(self._dist / "target", ignore_errors=True)
        self._entry_point_file.write_text(entry_point + "\n", encoding="utf-8")

    # --- start --------------------------------------------------------------------------------------------

    def _write_conf(self) -> None:
        for folder in (self._conf, self._data, self._logs, self._run, self.config.home / "import"):
            folder.mkdir(parents=True, exist_ok=True)
        (self.config.home / "plugins").mkdir(exist_ok=True)
        cfg = self.config
        settings = {
            "server.directories.data": self._data,
            "server.directories.logs": self._logs,
            "server.directories.run": self._run,
            "server.directories.import": cfg.home / "import",
            "server.directories.plugins": cfg.home / "plugins",
            "server.default_listen_address": "127.0.0.1",
            "server.default_advertised_address": "127.0.0.1",
            "server.bolt.enabled": "true",
            "server.bolt.listen_address": f"127.0.0.1:{cfg.bolt_port}",
            "server.bolt.advertised_address": f"127.0.0.1:{cfg.bolt_port}",
            "server.http.enabled": "true",
            "server.http.listen_address": f"127.0.0.1:{cfg.http_port}",
            "server.http.advertised_address": f"127.0.0.1:{cfg.http_port}",
            "server.https.enabled": "false",
            "dbms.security.auth_enabled": "false",
            "dbms.usage_report.enabled": "false",
            "server.memory.heap.initial_size": cfg.heap,
            "server.memory.heap.max_size": cfg.heap,
            "server.memory.pagecache.size": cfg.pagecache,
            # Neo4j keys its plan cache by the size class of each string parameter (about a power of ten): a
            # statement met with a new mix of text, tenant and id lengths was planned again, 50-1,000 ms on the
            # request path (the first AddEpisodes after start 5x steady; see docs/deployment.md for own servers)
            "internal.cypher.use_parameter_size": "false",
            "db.tx_log.preallocate": "false",  # else each database reserves 256 MB of transaction log
        }
        lines = ["# Written by graphmem.neo4j_local on every start; edits are overwritten."]
        lines += [f"{key}={value}" for key, value in settings.items()]
        (self._conf / "neo4j.conf").write_text("\n".join(lines) + "\n", encoding="utf-8")

    def _command(self, java: str) -> list[str]:
        entry_point = self._entry_point_file.read_text(encoding="utf-8").strip()
        classpath = os.pathsep.join(
            [str(self.config.home / "plugins" / "*"), str(self._conf / "*"), str(self._lib / "*")]
        )
        return [
            java, f"-Xms{self.config.heap}", f"-Xmx{self.config.heap}", *_JVM_FLAGS, "-cp", classpath,
            entry_point, f"--home-dir={self._dist}", f"--config-dir={self._conf}", "--console-mode",
        ]  # fmt: skip

    def _spawn(self, java: str) -> int:
        shell = [
            "/bin/sh", "-c", _DETACH_SCRIPT, "graphmem-neo4j", str(self._console_log), *self._command(java)
        ]  # fmt: skip
        launcher = subprocess.run(
            shell, cwd=self.config.home, stdin=subprocess.DEVNULL, capture_output=True, text=True,
            start_new_session=True, timeout=30, check=False,
        )  # fmt: skip
        if launcher.returncode != 0 or not launcher.stdout.strip().isdigit():
            raise LocalNeo4jError(f"could not launch java: {launcher.stderr.strip() or launcher.stdout}")
        pid = int(launcher.stdout.strip())
        self._pid_file.write_text(f"{pid}\n", encoding="utf-8")
        return pid

    def _wait_ready(self, pid: int | None, deadline: float) -> None:
        url = f"http://127.0.0.1:{self.config.http_port}/db/neo4j/tx/commit"
        while True:
            if _answers_cypher(url):
                return
            if pid is None or not self._is_server(pid):
                self._pid_file.unlink(missing_ok=True)
                raise LocalNeo4jError(
                    f"Neo4j exited during start-up; see {self._console_log} and {self._logs / 'debug.log'}\n"
                    + _tail(_read_text(self._console_log))
                )
            if time.monotonic() > deadline:
                raise LocalNeo4jError(
                    f"Neo4j did not answer Cypher at {url} in time; it was stopped. Retry with a larger "
                    f"timeout_s or see {self._logs / 'debug.log'}\n" + _tail(_read_text(self._console_log))
                )
            time.sleep(0.5)

    # --- process bookkeeping ------------------------------------------------------------------------------

    def _live_pid(self) -> int | None:
        try:
            pid = int(self._pid_file.read_text(encoding="utf-8").strip())
        except (FileNotFoundError, ValueError):
            return None
        return pid if self._is_server(pid) else None

    def _is_server(self, pid: int) -> bool:
        """True if ``pid`` is alive and, where /proc tells, is this server (not a recycled pid)."""
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        except PermissionError:
            return False
        proc = Path("/proc") / str(pid)
        if not proc.is_dir():
            return True
        try:
            stat = (proc / "stat").read_text(encoding="utf-8")
            cmdline = (proc / "cmdline").read_bytes().split(b"\0")
        except OSError:
            return False
        state = stat.rsplit(")", 1)[-1].split()[0]
        return state != "Z" and f"--config-dir={self._conf}".encode() in cmdline

    def _terminate(self, pid: int, timeout_s: float) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGTERM)
        if not self._wait_gone(pid, timeout_s):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
            if not self._wait_gone(pid, 15):
                raise LocalNeo4jError(f"Neo4j (pid {pid}) survived SIGKILL; check it with `ps -p {pid}`")
        self._pid_file.unlink(missing_ok=True)

    def _wait_gone(self, pid: int, timeout_s: float) -> bool:
        deadline = time.monotonic() + timeout_s
        while self._is_server(pid):
            if time.monotonic() > deadline:
                return False
            time.sleep(0.25)
        return True

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        """Serialise install/start/stop across processes sharing ``home``."""
        self.config.home.mkdir(parents=True, exist_ok=True)
        with (self.config.home / ".lock").open("a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)


def _java_executable() -> str:
    """The java of JAVA_HOME, else of PATH, after checking it is a version Neo4j 5.26 supports."""
    java_home = os.environ.get("JAVA_HOME")
    java = str(Path(java_home) / "bin" / "java") if java_home else shutil.which("java")
    if java is None or not os.access(java, os.X_OK):
        where = f"JAVA_HOME={java_home}" if java_home else "PATH"
        raise LocalNeo4jError(f"no java found via {where}; install a JDK 17 (apt-get install openjdk-17-jdk)")
    try:
        probe = subprocess.run(
            [java, "-XshowSettings:properties", "-version"], capture_output=True, text=True, timeout=60,
            check=False,
        )  # fmt: skip
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise LocalNeo4jError(f"could not run {java}: {exc}") from exc
    found = re.search(r"java\.specification\.version = (\S+)", probe.stderr)
    version = found.group(1) if found else "unknown"
    if version not in _SUPPORTED_JAVA:
        raise LocalNeo4jError(
            f"Neo4j {NEO4J_VERSION[:4]} needs Java 17 or 21, but {java} is Java {version}; "
            "set JAVA_HOME to a JDK 17 or 21"
        )
    return java


def _find_entry_point(lib: Path) -> str:
    """The server class named by the EntryPoint service file inside the assembled jars."""
    names: list[str] = []
    for jar in sorted(lib.glob("*.jar")):
        with zipfile.ZipFile(jar) as archive:
            if _ENTRY_POINT_SERVICE not in archive.namelist():
                continue
            text = archive.read(_ENTRY_POINT_SERVICE).decode("utf-8")
        names += [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")]
    if not names:
        raise LocalNeo4jError(f"no jar in {lib} declares {_ENTRY_POINT_SERVICE}; the assembly is incomplete")
    return names[0]


def _port_in_use(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.settimeout(1)
        return probe.connect_ex(("127.0.0.1", port)) == 0


def _answers_cypher(url: str) -> bool:
    body = json.dumps({"statements": [{"statement": "RETURN 1"}]}).encode()
    request = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=3) as response:
            answer = json.loads(response.read())
    except (OSError, ValueError):
        return False
    return isinstance(answer, dict) and answer.get("errors") == [] and bool(answer.get("results"))


def _read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


def _tail(text: str) -> str:
    lines = _ANSI_ESCAPE.sub("", text).strip().splitlines()[-_LOG_TAIL_LINES:]
    return "\n".join(lines) if lines else "(no output)"


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m graphmem.neo4j_local install|start|stop|status`` for scripts and CI."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("action", choices=["install", "start", "stop", "status"])
    parser.add_argument("--timeout", type=float, default=None, help="seconds to wait for start or stop")
    args = parser.parse_args(argv)
    try:
        server = LocalNeo4j(LocalNeo4jConfig.from_env())
        if args.action == "install":
            server.install()
        elif args.action == "start":
            server.start(180 if args.timeout is None else args.timeout)
        elif args.action == "stop":
            server.stop(60 if args.timeout is None else args.timeout)
        status = server.status()
    except LocalNeo4jError as exc:
        sys.stderr.write(f"error: {exc}\n")
        return 1
    sys.stdout.write(json.dumps({"running": status.running, "pid": status.pid, "bolt_uri": status.bolt_uri,
                                 "browser_url": status.browser_url}) + "\n")  # fmt: skip
    return 0 if status.running or args.action in {"install", "stop"} else 3


if __name__ == "__main__":
    sys.exit(main())
