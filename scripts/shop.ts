#!/usr/bin/env -S npx tsx
/**
 * `npm run shop -- <command>`: the owner's API from the command line (docs/owner-api.md). Every
 * call goes through the endpoint declarations of packages/shared, so the CLI and the API cannot
 * drift apart.
 */
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import {
  ApiError,
  NETWORK_ERROR,
  adminApi,
  callEndpoint,
  endpointPath,
  type ApiTransport,
  type StaffRoleName,
} from '@shopfront/shared';

const HELP = `Run the shop from the command line, through its owner API.

usage: npm run shop -- [--url URL] [--token TOKEN] <command> [arguments]

  --url URL        the shop (default: $SHOP_URL, else http://127.0.0.1:3000)
  --token TOKEN    a staff bearer token (default: $SHOP_TOKEN); get one with \`login\`
  --help           this text

commands:
  login --email E [--password P]      sign in; prints \`export SHOP_TOKEN=…\` (password: --password,
                                      $SHOP_PASSWORD, or asked on the terminal)
  logout                              end the session of the token
  whoami                              the signed-in staff member
  settings get [key]                  all store settings as JSON, or one value (text as is)
  settings set key=value …            change store settings
  storefront get                      storefront settings (mode, theme, cookie warning …)
  storefront set key=value …          e.g. mode="Coming Soon", mode=null, password=…,
                                      theme.primary=#1f6f5c, cookie_warning.title="Cookies"
  plugins list                        every plugin, installed or not
  plugins install NAME [key=value …]  install a plugin or change its config
  plugins remove NAME                 remove a plugin (its config is kept)
  subscribers export [--format json]  the Coming Soon / Maintenance sign-ups as CSV
  audit [--page N]                    the audit log, newest first, 50 a page
  staff list                          staff accounts (owners only)
  staff add --email E --name N [--role owner|staff] [--password P]
                                      add a staff member (password: --password,
                                      $SHOP_STAFF_PASSWORD, or asked on the terminal)
  staff update ID key=value …         name=…, role=owner|staff, is_active=false

Values are read as JSON when they are JSON (true, 30, null, {"a":1}, "quoted text") and as text
otherwise; quote digits that are text: store_phone='"9876543210"'. A value of a key named
password is always text. A dotted key (theme.primary) sets one key of a nested object.
Errors print the shop's message and exit with status 1.`;

class UsageError extends Error {}

const { values: opts, positionals } = (() => {
  try {
    return parseArgs({
      args: process.argv.slice(2),
      allowPositionals: true,
      strict: true,
      options: {
        url: { type: 'string' },
        token: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        email: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string' },
        role: { type: 'string' },
        page: { type: 'string' },
        format: { type: 'string' },
      },
    });
  } catch (err) {
    console.error(`${(err as Error).message}\n\nRun with --help for the commands.`);
    process.exit(2);
  }
})();

const baseUrl = (opts.url ?? process.env.SHOP_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
const token = opts.token ?? process.env.SHOP_TOKEN;

function headers(extra: Record<string, string> = {}): Record<string, string> {
  return { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...extra };
}

async function request(method: string, path: string, body?: unknown): Promise<Response> {
  try {
    return await fetch(baseUrl + path, {
      method,
      headers: headers(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ApiError(0, `${NETWORK_ERROR} (${baseUrl})`);
  }
}

/** fetch as the contract's transport: the envelope parsed, whatever the status. */
const transport: ApiTransport = async ({ method, path, body }) => {
  const res = await request(method, path, body);
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON (a proxy's error page): callEndpoint reports the network message.
  }
  return { status: res.status, body: parsed };
};

/** `value` as JSON when it is JSON, else the text itself; a password is always text. */
function parseValue(key: string, raw: string): unknown {
  if (/(^|\.)password$/.test(key)) return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** `key=value …` as an object; `a.b=1` sets b in the object a. */
function assignments(args: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const arg of args) {
    const eq = arg.indexOf('=');
    if (eq <= 0) throw new UsageError(`Expected key=value, got "${arg}"`);
    const key = arg.slice(0, eq);
    const value = parseValue(key, arg.slice(eq + 1));
    const parts = key.split('.');
    let target = out;
    for (const part of parts.slice(0, -1)) {
      const next = target[part];
      target = (next && typeof next === 'object' ? next : (target[part] = {})) as Record<string, unknown>;
    }
    target[parts.at(-1)!] = value;
  }
  return out;
}

const print = (data: unknown) => console.log(typeof data === 'string' ? data : JSON.stringify(data, null, 2));
const note = (message: string | undefined) => {
  if (message) console.error(message);
};

async function askSecret(question: string): Promise<string> {
  if (!process.stdin.isTTY) throw new UsageError('No password given (use --password or the environment variable)');
  // On stderr: `eval "$(npm run -s shop -- login …)"` captures stdout only.
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  const out = rl as unknown as { _writeToOutput(s: string): void };
  let muted = false;
  out._writeToOutput = (s: string) => {
    if (!muted) process.stderr.write(s);
  };
  const answer = rl.question(question);
  muted = true;
  try {
    return await answer;
  } finally {
    process.stderr.write('\n');
    rl.close();
  }
}

function needToken() {
  if (!token)
    throw new UsageError('Not signed in: run `npm run shop -- login --email …` and export SHOP_TOKEN, or pass --token');
}

async function run(): Promise<void> {
  const [command, sub, ...rest] = positionals;
  if (opts.help || !command) {
    console.log(HELP);
    return;
  }
  if (command === 'login') {
    if (!opts.email) throw new UsageError('login needs --email');
    const password = opts.password ?? process.env.SHOP_PASSWORD ?? (await askSecret('Password: '));
    const { data } = await callEndpoint(transport, adminApi.login, {
      body: { email: opts.email, password, session: 'bearer' },
    });
    console.error(
      `Signed in as ${data.staff.name} <${data.staff.email}> (${data.staff.role}), until ${data.expires_at}.`,
    );
    console.log(`export SHOP_TOKEN=${data.token}`);
    return;
  }
  needToken();
  switch (command) {
    case 'logout':
      note((await callEndpoint(transport, adminApi.logout)).message);
      return;
    case 'whoami':
      print((await callEndpoint(transport, adminApi.me)).data);
      return;
    case 'settings': {
      if (sub === 'get') {
        const { data } = await callEndpoint(transport, adminApi.getSettings);
        const key = rest[0];
        if (key !== undefined && !(key in data)) throw new UsageError(`No store setting is called "${key}"`);
        print(key === undefined ? data : (data as Record<string, unknown>)[key]);
        return;
      }
      if (sub === 'set') {
        const patch = assignments(rest);
        const { data, message } = await callEndpoint(transport, adminApi.updateSettings, { body: patch });
        note(message);
        print(Object.fromEntries(Object.keys(patch).map((k) => [k, (data as Record<string, unknown>)[k]])));
        return;
      }
      break;
    }
    case 'storefront': {
      if (sub === 'get') {
        print((await callEndpoint(transport, adminApi.getStorefront)).data);
        return;
      }
      if (sub === 'set') {
        const { data, message } = await callEndpoint(transport, adminApi.updateStorefront, {
          body: assignments(rest),
        });
        note(message);
        print(data);
        return;
      }
      break;
    }
    case 'plugins': {
      if (sub === 'list') {
        const { data } = await callEndpoint(transport, adminApi.listPlugins);
        for (const p of data)
          console.log(`${p.installed ? '[installed]' : '           '} ${p.name.padEnd(22)} ${p.label}`);
        return;
      }
      if ((sub === 'install' || sub === 'remove') && rest[0]) {
        const [name, ...pairs] = rest;
        const { data, message } =
          sub === 'install'
            ? await callEndpoint(transport, adminApi.installPlugin, {
                params: { name: name! },
                body: { config: assignments(pairs) },
              })
            : await callEndpoint(transport, adminApi.removePlugin, { params: { name: name! } });
        note(message);
        print({ name: data.name, installed: data.installed, config: data.config });
        return;
      }
      break;
    }
    case 'subscribers': {
      if (sub !== 'export') break;
      const format = opts.format ?? 'csv';
      if (format !== 'csv' && format !== 'json') throw new UsageError('--format is csv or json');
      if (format === 'json') {
        print((await callEndpoint(transport, adminApi.modeSubscribers, { query: { format } })).data);
        return;
      }
      const res = await request('GET', endpointPath(adminApi.modeSubscribers.path, undefined, { format }));
      const text = await res.text();
      if (!res.ok) {
        let message = NETWORK_ERROR;
        try {
          message = (JSON.parse(text) as { message?: string }).message ?? message;
        } catch {
          // keep the generic text
        }
        throw new ApiError(res.status, message);
      }
      process.stdout.write(text);
      return;
    }
    case 'audit': {
      const page = opts.page === undefined ? 1 : Number(opts.page);
      const { data } = await callEndpoint(transport, adminApi.auditLog, { query: { page } });
      print(data);
      return;
    }
    case 'staff': {
      if (sub === 'list') {
        print((await callEndpoint(transport, adminApi.listStaff)).data);
        return;
      }
      if (sub === 'add') {
        if (!opts.email || !opts.name) throw new UsageError('staff add needs --email and --name');
        const password =
          opts.password ?? process.env.SHOP_STAFF_PASSWORD ?? (await askSecret('Password for the new staff member: '));
        const { data, message } = await callEndpoint(transport, adminApi.createStaff, {
          body: { email: opts.email, name: opts.name, password, role: (opts.role ?? 'staff') as StaffRoleName },
        });
        note(message);
        print(data);
        return;
      }
      if (sub === 'update' && rest[0]) {
        const [id, ...pairs] = rest;
        const { data, message } = await callEndpoint(transport, adminApi.updateStaff, {
          params: { id: id! },
          body: assignments(pairs),
        });
        note(message);
        print(data);
        return;
      }
      break;
    }
  }
  throw new UsageError(`Unknown command: ${positionals.join(' ')}`);
}

run().catch((err: unknown) => {
  if (err instanceof ApiError) {
    console.error(`Error: ${err.message}`);
    for (const [field, list] of Object.entries(err.errors)) console.error(`  ${field}: ${list.join('; ')}`);
  } else if (err instanceof UsageError) {
    console.error(`${err.message}\n\nRun with --help for the commands.`);
  } else {
    console.error(err instanceof Error ? err.message : err);
  }
  process.exit(1);
});
