/**
 * The deployment recipes under deploy/ (docs/operations.md), as far as this machine can run
 * them: it has no container runtime, no Kubernetes and no systemd as PID 1. What runs here:
 * the metrics the Grafana dashboard and the alerts query exist in a real server's /metrics
 * (and market trades count); every YAML file parses and says what the docs promise; the
 * Dockerfile's runtime command, environment and user start a world that answers ready, from
 * the built tree, and its health check tells a live server from a dead one.
 */
import { spawn, spawnSync } from "node:child_process";
import { chownSync, existsSync, readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { LootId, MarketSide } from "@manaspire/game";
import { afterAll, describe, expect, inject, it } from "vitest";
import { parseAllDocuments, parseDocument } from "yaml";
import { loadConfig } from "../../src/config";
import { freePort } from "../support/child";
import { giveItem, mark, namedPlayer, type Player, setLoot, toastFor } from "../support/players";
import { type TestStore, testStores } from "../support/stores";
import { serverSuite } from "../support/suite";
import { waitForAsync } from "../support/wait";

const root = path.resolve(import.meta.dirname, "../../../..");
const deploy = path.join(root, "deploy");
const pglite = testStores().find((f) => f.kind === "pglite");

function read(file: string): string {
  return readFileSync(path.join(root, file), "utf8");
}

/** Everything under deploy/ whose name ends in one of these. */
function deployFiles(...endings: string[]): string[] {
  return readdirSync(deploy, { recursive: true, encoding: "utf8" })
    .filter((f) => endings.some((e) => f.endsWith(e)))
    .map((f) => path.join("deploy", f));
}

function yamlOf(file: string): Record<string, unknown> {
  // Compose's `<<: *game` is a YAML 1.1 merge key.
  return parseDocument(read(file), { merge: true }).toJS() as Record<string, unknown>;
}

const PROMQL_WORDS = new Set(["by", "without", "on", "ignoring", "group_left", "group_right"]);
const PROMQL_OPERATORS = new Set(["and", "or", "unless", "bool", "offset"]);
/** Series Prometheus makes itself for every target, not the server. */
const SCRAPE_SERIES = new Set(["up"]);

/** The metric names a PromQL expression selects (not its functions, labels or keywords). */
function metricNames(expr: string): string[] {
  let bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, "")
    .replace(/\{[^}]*\}/g, "")
    .replace(/\[[^\]]*\]/g, "")
    .replace(/\b\d+(?:\.\d+)?(?:e[+-]?\d+)?\b/gi, "");
  for (const word of PROMQL_WORDS)
    bare = bare.replace(new RegExp(`\\b${word}\\s*\\([^)]*\\)`, "g"), "");
  const names: string[] = [];
  for (const m of bare.matchAll(/[A-Za-z_:][\w:]*/g)) {
    const after = bare.slice((m.index ?? 0) + m[0].length).trimStart();
    if (after.startsWith("(") || PROMQL_OPERATORS.has(m[0])) continue;
    names.push(m[0]);
  }
  return names;
}

/** Every series name and every `# TYPE` family in a Prometheus text exposition. */
function exposedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const line of text.split("\n")) {
    const type = /^# TYPE (\S+) /.exec(line);
    if (type?.[1]) names.add(type[1]);
    const sample = /^([A-Za-z_:][\w:]*)[{ ]/.exec(line);
    if (sample?.[1]) names.add(sample[1]);
  }
  return names;
}

function sampleValue(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.each(testStores())("the Grafana dashboard and alerts on $kind", (factory) => {
  const suite = serverSuite(factory, { TICK_MS: "60000", METRICS_PORT: "0" });
  const scrape = () => fetch(`${suite.server.metricsUrl}/metrics`).then((r) => r.text());

  it("reads PromQL as the test means it", () => {
    expect(
      metricNames(
        'histogram_quantile(0.99, sum by (le, instance) (rate(a_bucket{job="x"}[5m]))) > 1.6e9 or increase(b_total[$__rate_interval]) * 60',
      ),
    ).toEqual(["a_bucket", "b_total"]);
  });

  it("counts market trades: fills on the resource books and equipment purchases", async () => {
    const trades = async (market: string) =>
      sampleValue(await scrape(), `manaspire_market_trades_total{market="${market}"}`);
    expect(await trades("resources")).toBe(0);
    expect(await trades("items")).toBe(0);

    const seller = await namedPlayer(suite.server);
    const buyer = await namedPlayer(suite.server);
    setLoot(seller.loaded, LootId.Iron, 10);
    setLoot(buyer.loaded, LootId.ManaDust, 100_000);
    const order = (p: Player, side: MarketSide, quantity: number, unitPrice: number) =>
      toastFor(p, () =>
        p.client.send("createOrder", {
          side,
          lootId: LootId.Iron,
          quantity,
          unitPrice,
          quantityGiven: true,
        }),
      );
    await order(seller, MarketSide.Sell, 5, 10);
    expect(await order(buyer, MarketSide.Buy, 3, 10)).toMatch(/^Bought 3 Iron/);
    expect(await trades("resources")).toBe(1);

    const owned = giveItem(suite.server, seller.loaded, { slot: 3 });
    const since = mark(seller);
    await toastFor(seller, () =>
      seller.client.send("createItemOrder", { itemId: owned.item.id, price: 500 }),
    );
    const mine = await seller.client.next("myOrders", () => true, { since });
    const orderId = mine.itemOrders.find((o) => o.item.id === owned.item.id)?.id;
    if (orderId === undefined) throw new Error("the listing is not in the seller's orders");
    expect(
      await toastFor(buyer, () => buyer.client.send("buyItemOrder", { orderId, price: 500 })),
    ).toMatch(/^Bought /);
    expect(await trades("items")).toBe(1);
    expect(await trades("resources")).toBe(1);
  });

  it("queries only metrics the server exposes", async () => {
    const dashboard = JSON.parse(read("deploy/grafana/dashboards/manaspire.json")) as {
      panels: { title: string; targets: { expr: string }[] }[];
    };
    const exprs = dashboard.panels.flatMap((p) => {
      expect(p.targets.length, p.title).toBeGreaterThan(0);
      return p.targets.map((t) => t.expr);
    });
    const alerts = yamlOf("deploy/prometheus/alerts.yml") as {
      groups: { rules: { expr: string }[] }[];
    };
    exprs.push(...alerts.groups.flatMap((g) => g.rules.map((r) => r.expr)));
    for (const expr of exprs) expect(metricNames(expr), expr).not.toEqual([]);
    const queried = new Set(exprs.flatMap(metricNames).filter((n) => !SCRAPE_SERIES.has(n)));
    // What the issue asks the dashboard to show.
    for (const shown of [
      "manaspire_online_players",
      "manaspire_loaded_players",
      "manaspire_tick_duration_seconds_bucket",
      "nodejs_eventloop_lag_p99_seconds",
      "manaspire_flush_duration_seconds_bucket",
      "manaspire_flush_failed_players_total",
      "manaspire_messages_in_total",
      "manaspire_market_trades_total",
      "manaspire_database_errors_total",
      "manaspire_redis_errors_total",
    ]) {
      expect(queried).toContain(shown);
    }
    const exposed = exposedNames(await scrape());
    expect([...queried].filter((name) => !exposed.has(name))).toEqual([]);
  });
});

describe.runIf(pglite)("the deploy/ files", () => {
  it("parse, every YAML file of them", () => {
    const files = deployFiles(".yaml", ".yml");
    expect(files.length).toBeGreaterThanOrEqual(10);
    for (const file of files) {
      const docs = parseAllDocuments(read(file));
      const list = Array.isArray(docs) ? docs : [docs];
      for (const doc of list) expect(doc.errors.map(String), file).toEqual([]);
      expect(list.length, file).toBeGreaterThan(0);
    }
    for (const file of deployFiles(".json")) expect(() => JSON.parse(read(file))).not.toThrow();
  });

  it("compose: two game processes behind Caddy, metrics reached by Prometheus only", () => {
    type Service = {
      image?: string;
      ports?: string[];
      environment?: Record<string, string>;
      networks?: string[];
    };
    const compose = yamlOf("deploy/compose.yaml") as {
      services: Record<string, Service>;
      networks: Record<string, { internal?: boolean } | null>;
    };
    const games = Object.entries(compose.services).filter(
      ([, s]) => s.environment?.DATABASE_URL !== undefined,
    );
    expect(games.length).toBe(2);
    const prometheus = yamlOf("deploy/prometheus/prometheus.yml") as {
      scrape_configs: { static_configs: { targets: string[] }[] }[];
    };
    const targets = prometheus.scrape_configs.flatMap((c) =>
      c.static_configs.flatMap((s) => s.targets),
    );
    for (const [name, game] of games) {
      const env = game.environment ?? {};
      expect(env.REDIS_URL).toMatch(/^redis:\/\//);
      expect(env.METRICS_HOST).toBe("0.0.0.0");
      expect(game.ports).toBeUndefined();
      expect(targets).toContain(`${name}:${env.METRICS_PORT}`);
      expect(loadConfig({ TRUST_PROXY: env.TRUST_PROXY }).TRUST_PROXY).not.toBe(false);
    }
    expect(compose.networks.backend?.internal).toBe(true);
    for (const service of ["postgres", "redis", "prometheus"]) {
      expect(compose.services[service]?.ports).toBeUndefined();
      expect(compose.services[service]?.networks).toEqual(["backend"]);
    }
    const caddyfile = read("deploy/Caddyfile");
    for (const [name] of games) expect(caddyfile).toContain(`${name}:3000`);
    expect(caddyfile).toContain("health_uri /api/ready");
    // Grafana's panels ask the datasource it is given.
    const datasource = yamlOf("deploy/grafana/provisioning/datasources/prometheus.yaml") as {
      datasources: { uid: string; url: string }[];
    };
    const dashboard = read("deploy/grafana/dashboards/manaspire.json");
    expect(dashboard).toContain(`"uid": "${datasource.datasources[0]?.uid}"`);
    expect(datasource.datasources[0]?.url).toBe("http://prometheus:9090");
  });

  it("kubernetes: probes, a grace period past the lease, a disruption budget, secrets", () => {
    const manifests = deployFiles(".yaml")
      .filter((f) => f.startsWith("deploy/kubernetes/"))
      .flatMap((f) => parseAllDocuments(read(f)) as unknown as { toJS(): unknown }[])
      .map((d) => d.toJS() as { kind: string; spec: Record<string, unknown> });
    const kinds = manifests.map((m) => m.kind);
    for (const kind of ["Deployment", "Service", "PodDisruptionBudget", "Secret"]) {
      expect(kinds).toContain(kind);
    }
    const deployment = manifests.find((m) => m.kind === "Deployment") as unknown as {
      spec: {
        template: {
          spec: {
            terminationGracePeriodSeconds: number;
            containers: {
              env: { name: string; value: string }[];
              envFrom: { secretRef: { name: string } }[];
              livenessProbe: { httpGet: { path: string } };
              readinessProbe: { httpGet: { path: string } };
            }[];
          };
        };
      };
    };
    const pod = deployment.spec.template.spec;
    const [game] = pod.containers;
    expect(game?.livenessProbe.httpGet.path).toBe("/api/health");
    expect(game?.readinessProbe.httpGet.path).toBe("/api/ready");
    const env = Object.fromEntries((game?.env ?? []).map((e) => [e.name, e.value]));
    const config = loadConfig(env);
    expect(pod.terminationGracePeriodSeconds * 1000).toBeGreaterThan(config.LEASE_MS);
    expect(config.METRICS_HOST).toBe("0.0.0.0");
    const secret = manifests.find((m) => m.kind === "Secret") as unknown as {
      metadata: { name: string };
      stringData: Record<string, string>;
    };
    expect(game?.envFrom.map((e) => e.secretRef.name)).toContain(secret.metadata.name);
    expect(Object.keys(secret.stringData).sort()).toEqual([
      "DATABASE_URL",
      "JWT_SECRET",
      "REDIS_URL",
    ]);
    const service = manifests.find((m) => m.kind === "Service") as unknown as {
      spec: { ports: { targetPort: string }[] };
    };
    expect(service.spec.ports.map((p) => p.targetPort)).toEqual(["http"]);
  });

  it.runIf(spawnSync("systemd-analyze", ["--version"]).status === 0)(
    "systemd: the unit has no unknown key or bad value",
    () => {
      const unit = path.join(deploy, "systemd/manaspire.service");
      const verified = spawnSync("systemd-analyze", ["verify", unit], { encoding: "utf8" });
      expect(verified.stderr.split("\n").filter((l) => l.includes("manaspire.service"))).toEqual(
        [],
      );
      expect(read("deploy/systemd/manaspire.service")).toMatch(
        /^ExecStart=\/usr\/bin\/node apps\/server\/dist\/main\.js$/m,
      );
    },
  );
});

interface Stage {
  name: string;
  instructions: { op: string; args: string }[];
}

/** A Dockerfile's stages with their instructions (continuations joined, comments dropped). */
function dockerStages(text: string): Stage[] {
  const lines = text
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("#"));
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, op = "", args = ""] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    if (op.toUpperCase() === "FROM") {
      stages.push({ name: /\bAS\s+(\S+)/i.exec(args)?.[1] ?? "", instructions: [] });
    } else {
      stages.at(-1)?.instructions.push({ op: op.toUpperCase(), args });
    }
  }
  return stages;
}

function args(stage: Stage, op: string): string[] {
  return stage.instructions.filter((i) => i.op === op).map((i) => i.args);
}

/** `ENV A=1 B=2` lines as one record. */
function envOf(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of args(stage, "ENV")) {
    for (const m of line.matchAll(/(\w+)=("[^"]*"|\S+)/g)) {
      env[m[1] as string] = (m[2] as string).replace(/^"|"$/g, "");
    }
  }
  return env;
}

/**
 * Bare module names a bundle imports (what must come from node_modules at run time): esbuild's
 * top-level `import … from "x"` lines, `import("x")` and `require("x")`.
 */
function importedPackages(bundle: string): Set<string> {
  const names = new Set<string>();
  for (const m of bundle.matchAll(
    /^\s*(?:import|export)\s[^;"']*?from\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)|\brequire\(\s*["']([^"']+)["']\s*\)/gm,
  )) {
    const spec = (m[1] ?? m[2] ?? m[3] ?? m[4]) as string;
    if (spec.startsWith(".") || spec.startsWith("node:")) continue;
    if (builtinModules.includes(spec.split("/")[0] as string)) continue;
    const [scope, name] = spec.split("/");
    names.add(spec.startsWith("@") ? `${scope}/${name}` : (scope as string));
  }
  return names;
}

describe.runIf(pglite)("the Dockerfile's image, run from the built tree", () => {
  const stages = dockerStages(read("deploy/Dockerfile"));
  const build = stages.find((s) => s.name === "build");
  const runtime = stages.at(-1) as Stage;
  const cmd = JSON.parse(args(runtime, "CMD")[0] ?? "[]") as string[];
  const env = envOf(runtime);
  // The image's WORKDIR is the repository's root in the built tree.
  const built = existsSync(path.join(root, cmd[1] ?? "-"));
  // Without `npm run build`, the run's bundle: the same bundleServer() output.
  const script = built
    ? path.join(root, cmd[1] as string)
    : path.join(inject("serverBundle") ?? "-", path.basename(cmd[1] ?? "-"));

  it("builds once and keeps the server's production dependencies only", () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(args(build as Stage, "RUN").join(" ")).toMatch(/npm ci\b.*&& npm run build/);
    expect(args(runtime, "RUN").join(" ")).toMatch(/npm ci --omit=dev\b/);
    const copied = args(runtime, "COPY");
    for (const dir of ["apps/server/dist", "apps/web/dist"]) {
      expect(copied).toContain(`--from=build /app/${dir} ${dir}`);
    }
    // npm ci needs every workspace's package.json beside the lock file.
    const pkg = JSON.parse(read("package.json")) as { workspaces: string[] };
    for (const ws of pkg.workspaces) {
      expect(copied).toContain(`${ws}/package.json ${ws}/`);
    }
    // What the bundle imports is among the server's dependencies, not its devDependencies.
    const server = JSON.parse(read("apps/server/package.json")) as {
      dependencies: Record<string, string>;
    };
    const imported = new Set<string>();
    for (const file of [script, path.join(path.dirname(script), "pglite-worker.js")]) {
      for (const name of importedPackages(readFileSync(file, "utf8"))) imported.add(name);
    }
    expect(imported).toContain("fastify");
    expect([...imported].filter((name) => !(name in server.dependencies))).toEqual([]);
  });

  let store: TestStore | undefined;
  afterAll(async () => {
    await store?.dispose();
  });

  it("starts a world that answers ready, as the image's user, and stops on SIGTERM", async () => {
    expect(cmd[0]).toBe("node");
    const [uid, gid] = (args(runtime, "USER")[0] ?? "0").split(":").map(Number) as [
      number,
      number | undefined,
    ];
    expect(uid).toBeGreaterThan(0);
    const volumes = JSON.parse(args(runtime, "VOLUME")[0] ?? "[]") as string[];
    expect(volumes).toContain(env.DATA_DIR);

    store = await pglite!.create();
    const asRoot = process.getuid?.() === 0;
    const user = asRoot ? { uid, gid: gid ?? uid } : {};
    if (asRoot) {
      for (const entry of readdirSync(store.env.DATA_DIR, { recursive: true, encoding: "utf8" })) {
        chownSync(path.join(store.env.DATA_DIR, entry), uid, gid ?? uid);
      }
      chownSync(store.env.DATA_DIR, uid, gid ?? uid);
    }
    const port = await freePort();
    const metricsPort = await freePort();
    // The image's environment and nothing of the test runner's, but for the ports and the
    // volume's place on this machine.
    const childEnv = {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: "/nonexistent",
      ...env,
      DATA_DIR: store.env.DATA_DIR,
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
    };
    let output = "";
    const child = spawn(process.execPath, [script, ...cmd.slice(2)], {
      cwd: root,
      env: childEnv,
      ...user,
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (d) => {
      output += d;
    });
    child.stderr.on("data", (d) => {
      output += d;
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", (c) => resolve(c)));
    const url = `http://127.0.0.1:${port}`;
    try {
      await waitForAsync(
        async () => {
          if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
          const res = await fetch(`${url}/api/ready`).catch(() => undefined);
          if (res?.status !== 200) return false;
          return ((await res.json()) as { status: string }).status === "ready";
        },
        45_000,
        "ready",
      );
      // A world, stored in the volume: a guest can play.
      const guest = await fetch(`${url}/api/auth/guest`, { method: "POST" });
      expect(guest.status).toBe(200);
      expect(readdirSync(path.join(store.env.DATA_DIR, "pglite")).length).toBeGreaterThan(0);
      if (built) expect(await fetch(url).then((r) => r.text())).toContain("<!doctype html>");

      // The HEALTHCHECK's command: healthy against this server, unhealthy against nothing.
      const check = JSON.parse(
        /\bCMD\s+(\[.*\])$/.exec(args(runtime, "HEALTHCHECK")[0] ?? "")?.[1] ?? "[]",
      ) as string[];
      expect(check[0]).toBe("node");
      const health = (p: number) =>
        spawnSync(process.execPath, check.slice(1), {
          env: { ...childEnv, PORT: String(p) },
          timeout: 10_000,
        }).status;
      expect(health(port)).toBe(0);
      expect(health(await freePort())).toBe(1);

      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(output).toContain("shutdown: players saved");
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  }, 60_000);
});
