"""A pack made by `sortie new pack`, opened in a real YAML language server as VS Code would open it
(its .vscode/settings.json as the configuration): a broken record gets its diagnostics at the
right lines, a good one none. The server comes from the npm registry; without Node, skipped."""

import json
import queue
import shutil
import subprocess
import threading
from pathlib import Path

import pytest

from engine.cli import main
from engine.content.loader import BUNDLED_CONTENT

SERVER = "yaml-language-server@1"
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not shutil.which("npm") or not shutil.which("node"), reason="needs Node and npm"),
              pytest.mark.skipif(not BUNDLED_CONTENT.is_dir(), reason="no bundled content")]


@pytest.fixture(scope="module")
def server_bin(tmp_path_factory) -> Path:
    prefix = tmp_path_factory.mktemp("yls")
    done = subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--silent", "--prefix", str(prefix), SERVER],
                          capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        pytest.skip(f"npm could not install {SERVER}: {done.stderr[-500:]}")
    return prefix / "node_modules" / ".bin" / "yaml-language-server"


class Client:
    """Just enough LSP over stdio: requests, notifications, the server's configuration requests."""

    def __init__(self, command: list[str], settings: dict) -> None:
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.settings, self.next_id, self.inbox = settings, 0, queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def send(self, message: dict) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def request(self, method: str, params: dict) -> None:
        self.next_id += 1
        self.send({"id": self.next_id, "method": method, "params": params})

    def _read(self) -> None:
        while True:
            headers = {}
            while (line := self.proc.stdout.readline().decode()) not in ("\r\n", ""):
                name, _, value = line.partition(":")
                headers[name.strip().lower()] = value.strip()
            if not headers:
                return
            message = json.loads(self.proc.stdout.read(int(headers["content-length"])))
            if message.get("method") == "workspace/configuration":  # the server pulls its settings
                self.send({"id": message["id"], "result": [self.settings.get(item.get("section"), {})
                                                           for item in message["params"]["items"]]})
            elif "id" in message and "method" in message:  # other requests of the server: acknowledged
                self.send({"id": message["id"], "result": None})
            else:
                self.inbox.put(message)

    def diagnostics(self, uri: str, timeout: float = 30) -> list[dict]:
        while True:
            message = self.inbox.get(timeout=timeout)
            if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri:
                return message["params"]["diagnostics"]

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait()


def test_the_language_server_checks_a_new_packs_records_with_its_schemas(server_bin, tmp_path, capsys):
    root = tmp_path / "my-malta"
    assert main(["new", "pack", str(root), "--ruleset", "paw", "--extends", "pocket-air-war"]) == 0
    capsys.readouterr()
    vscode = json.loads((root / ".vscode" / "settings.json").read_text())
    settings = {"yaml": {"schemas": vscode["yaml.schemas"], "validate": True}}
    good = (BUNDLED_CONTENT / "pocket-air-war" / "dashboards" / "a6m2-zero.yaml").read_text()
    broken = good.replace("acceleration: 2\n", "acceleration: fast\n").replace("nation: Japan\n", "nation: Japan\ncolour: red\n")
    (root / "dashboards").mkdir()
    files = {"good": (root / "dashboards" / "a6m2-zero.yaml", good),
             "broken": (root / "dashboards" / "broken.yaml", broken),
             "manifest": (root / "pack.yaml", (root / "pack.yaml").read_text().replace("ruleset: paw", "ruleset: pqw"))}
    client = Client([str(server_bin), "--stdio"], settings)
    try:
        client.request("initialize", {"processId": None, "rootUri": root.as_uri(), "capabilities": {
            "workspace": {"configuration": True}, "textDocument": {"publishDiagnostics": {}}},
            "workspaceFolders": [{"uri": root.as_uri(), "name": root.name}]})
        client.send({"method": "initialized", "params": {}})
        client.send({"method": "workspace/didChangeConfiguration", "params": {"settings": settings}})
        found = {}
        for name, (path, text) in files.items():
            client.send({"method": "textDocument/didOpen", "params": {"textDocument": {
                "uri": path.as_uri(), "languageId": "yaml", "version": 1, "text": text}}})
            found[name] = client.diagnostics(path.as_uri())
    finally:
        client.close()
    lines = {name: sorted(d["range"]["start"]["line"] + 1 for d in diags) for name, diags in found.items()}
    assert lines["good"] == []
    at = {i + 1: line for i, line in enumerate(broken.splitlines())}
    assert [at[n].split(":")[0] for n in lines["broken"]] == ["colour", "acceleration"], found["broken"]
    assert [at_line for at_line in lines["manifest"]] == [4], found["manifest"]  # ruleset: pqw
