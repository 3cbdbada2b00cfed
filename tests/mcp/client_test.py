"""Drives `autofix mcp` with the official Python MCP SDK's client over stdio, in both protocol
lifecycles: the initialize handshake (2025-11-25, what most agents speak today) and the
discover lifecycle (2026-07-28). Lists tools, resources and prompts, calls every tool, the error
cases, and waits for a change notification after the rules file is edited by someone else.

Usage: python tests/mcp/client_test.py path/to/autofix   (needs `pip install mcp==2.3.0`)
The SDK validates each tool's structured output against its declared output schema.
"""

import json
import os
import shutil
import sys
import tempfile
import warnings

import anyio
from mcp.client.client import Client
from mcp.client.stdio import StdioServerParameters

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
checks = 0


def ok(condition, what, detail=""):
    global checks
    if not condition:
        raise AssertionError(f"{what}: {detail}")
    checks += 1


def project(root):
    shutil.copytree(os.path.join(REPO, "examples", "demo"), root, dirs_exist_ok=True)
    os.makedirs(os.path.join(root, ".git"))


def text(result):
    return result.content[0].text if result.content else ""


async def session(binary, mode):
    # Both folders are removed when the session ends, whatever its verdict.
    with tempfile.TemporaryDirectory(prefix="autofix-mcp-") as root, tempfile.TemporaryDirectory(prefix="autofix-user-") as user:
        await checked_session(binary, mode, root, user)


async def checked_session(binary, mode, root, user):
    project(root)
    # The user's own rules file, in force under the project's.
    user_rules = os.path.join(user, "autofix.json")
    with open(user_rules, "w") as f:
        json.dump([{"Rule_number": 1, "Category": "CODE", "Instruction": "Never leave `debugger` statements.", "Why": "they stop the app"}], f)
    params = StdioServerParameters(
        command=binary, args=["mcp"], cwd=root, env={"LANG": "en_US.UTF-8", "AUTOFIX_USER_RULES": user_rules}
    )
    updated = anyio.Event()

    async def on_message(message):
        # The SDK's hook for raw messages: where a legacy `resources/updated` arrives.
        if getattr(message, "method", None) == "notifications/resources/updated":
            updated.set()

    async with Client(params, mode=mode, message_handler=on_message) as client:
        version = client.session.protocol_version
        ok(version == ("2025-11-25" if mode == "legacy" else "2026-07-28"), f"{mode}: negotiated", version)

        tools = {t.name: t for t in (await client.list_tools()).tools}
        ok(sorted(tools) == ["apply_diff", "check", "enforce_rule", "learn_rule", "rules_for"], "tools listed", sorted(tools))
        ok(all(t.output_schema and t.input_schema["type"] == "object" for t in tools.values()), "schemas")

        rules = await client.call_tool("rules_for", {"path": "src/api/users.ts"})
        ok(not rules.is_error, "rules_for", text(rules))
        numbers = [r["rule_number"] for r in rules.structured_content["rules"]]
        ok(numbers == sorted(numbers, reverse=True), "rules_for newest first", numbers)
        ok("follow them" in text(rules), "rules_for text for a model", text(rules))
        mine = [r for r in rules.structured_content["rules"] if r.get("source") == "user"]
        ok([r["rule_number"] for r in mine] == [1], "rules_for lists the user's rules", rules.structured_content)
        ok("- user #1 [CODE] Never leave `debugger`" in text(rules), "user rules named for a model", text(rules))
        hit = await client.call_tool("check", {"path": "src/lib/d.ts", "content": "debugger;\n"})
        ok(
            [(v["rule"], v.get("source")) for v in hit.structured_content["violations"]] == [(1, "user")],
            "check reports a user rule",
            hit.structured_content,
        )

        checked = await client.call_tool("check", {"path": "src/api/users.ts"})
        ok(not checked.is_error and checked.structured_content["files_checked"] == 1, "check", text(checked))
        ok(len(checked.structured_content["violations"]) >= 1, "check finds violations", checked.structured_content)

        content = "export function f() {\n  console.log('x');\n}\n"
        unsaved = await client.call_tool("check", {"path": "src/lib/new.ts", "content": content})
        rules_hit = {v["rule"] for v in unsaved.structured_content["violations"]}
        ok(13 in rules_hit, "check of unsaved content", unsaved.structured_content)
        ok(not os.path.exists(os.path.join(root, "src/lib/new.ts")), "checking content writes nothing")

        learned = await client.call_tool(
            "learn_rule",
            {
                "category": "CODE",
                "instruction": "Never use `eval` - it runs untrusted text.",
                "why": "security review",
                "check": {"Pattern": "\\beval\\(", "Files": ["*.ts"]},
            },
        )
        ok(not learned.is_error, "learn_rule", text(learned))
        number = learned.structured_content["rule_number"]
        ok(text(learned).startswith(f"Learned rule #{number} ([CODE])"), "learned message", text(learned))
        enforced = await client.call_tool("check", {"path": "src/lib/x.ts", "content": "eval(input)\n"})
        ok(number in {v["rule"] for v in enforced.structured_content["violations"]}, "enforced at once", enforced.structured_content)

        # A rule the words do not check, then its check written by the agent.
        unchecked = await client.call_tool(
            "learn_rule",
            {"category": "ARCH", "instruction": "Route every HTTP call through the shared client.", "why": "retries"},
        )
        n = unchecked.structured_content["rule_number"]
        listed = await client.get_prompt("enforce-rules", {})
        ok(f"#{n} [ARCH] Route every HTTP call" in listed.messages[0].content.text, "enforce-rules lists it", listed.messages[0].content.text[:400])
        check = {"Pattern": "\\baxios\\.get\\(", "Files": ["src/**"], "Within": "code"}
        tried = await client.call_tool("enforce_rule", {"rule_number": n, "check": check, "dry_run": True})
        found = tried.structured_content["found"]
        ok(not tried.is_error and not tried.structured_content["written"] and found["violations"] >= 1, "enforce_rule dry run", text(tried))
        ok(any(p["path"] == "src/api/users.ts" for p in found["places"]), "enforce_rule finds the place", found)
        written = await client.call_tool("enforce_rule", {"rule_number": n, "check": check})
        ok(written.structured_content["written"] is True, "enforce_rule writes", text(written))
        now = await client.call_tool("check", {"path": "src/api/users.ts"})
        ok(n in {v["rule"] for v in now.structured_content["violations"]}, "enforced at once", now.structured_content)
        again = await client.call_tool("enforce_rule", {"rule_number": n, "check": check})
        ok(again.is_error and "has a `Check` already" in text(again), "enforce_rule refuses a rule with a check", text(again))

        with open(os.path.join(root, "src/api/users.ts")) as f:
            first = f.readline().rstrip("\n")
        diff = f"<<<<<<< SEARCH\n{first}\n=======\n// replaced\n>>>>>>> REPLACE\n"
        dry = await client.call_tool("apply_diff", {"path": "src/api/users.ts", "diff": diff, "dry_run": True})
        ok(not dry.is_error and dry.structured_content["content"].startswith("// replaced"), "dry run", text(dry))
        applied = await client.call_tool("apply_diff", {"path": "src/api/users.ts", "diff": diff})
        ok(applied.structured_content["written"] is True, "apply_diff writes", text(applied))
        with open(os.path.join(root, "src/api/users.ts")) as f:
            ok(f.readline() == "// replaced\n", "file changed on disk")

        for name, arguments, expected in [
            ("check", {"path": "../../etc/passwd"}, "outside the workspace"),
            ("apply_diff", {"path": ".git/config", "diff": diff}, ".git"),
            ("check", {"path": 5}, "invalid arguments"),
            ("no_such_tool", {}, "unknown tool"),
            ("learn_rule", {"category": "NOPE", "instruction": "Never x.", "why": "y"}, "NOPE"),
        ]:
            result = await client.call_tool(name, arguments)
            ok(result.is_error and expected in text(result), f"{name} {arguments} is a tool error", text(result))

        resources = [str(r.uri) for r in (await client.list_resources()).resources]
        ok(resources[0] == "autofix://rules" and resources[1].endswith("/.agents/autofix.json"), "resources", resources)
        markdown = (await client.read_resource("autofix://rules")).contents[0].text
        ok(f"**#{number} [CODE]**" in markdown, "rules resource shows the learned rule", markdown[:300])

        prompts = [p.name for p in (await client.list_prompts()).prompts]
        ok(prompts == ["learn-from-correction", "enforce-rules"], "prompts", prompts)
        prompt = await client.get_prompt("learn-from-correction", {"correction": "use pnpm, not npm"})
        ok("learn_rule" in prompt.messages[0].content.text, "prompt", prompt.messages[0].content.text[:200])

        # Someone else edits the rules: a subscribed client hears about it.
        rules_file = os.path.join(root, ".agents", "autofix.json")

        def edit():
            with open(rules_file) as f:
                data = json.load(f)
            data.append({"Rule_number": 99, "Category": "STYLE", "Instruction": "Always end files with a newline.", "Why": "diffs"})
            with open(rules_file, "w") as f:
                json.dump(data, f, indent=2)

        if mode == "legacy":
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # deprecated from 2026-07-28 on: legacy is the point here
                await client.session.subscribe_resource("autofix://rules")
            edit()
            with anyio.fail_after(5):
                await updated.wait()
            ok(True, "legacy resources/updated notification")
        else:
            async with client.listen(resource_subscriptions=["autofix://rules"]) as sub:
                edit()
                with anyio.fail_after(5):
                    async for event in sub:
                        ok(getattr(event, "uri", None) == "autofix://rules", "listen event", event)
                        break
    print(f"{mode}: ok")


async def main(binary):
    for mode in ["legacy", "auto"]:
        await session(binary, mode)
    print(f"python mcp client: {checks} checks passed")


if __name__ == "__main__":
    anyio.run(main, os.path.abspath(sys.argv[1]))
