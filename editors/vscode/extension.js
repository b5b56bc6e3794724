// plist-lsp for VS Code: starts the plist-lsp language server over stdio for property lists
// (*.plist, *.entitlements, *.xcprivacy) with vscode-languageclient.
//
// Settings (declared in package.json):
//   plistLsp.server.path   the executable (default "plist-lsp" on PATH); changing it restarts
//   plistLsp.trace.server  off | messages | verbose (read by vscode-languageclient itself,
//                          because the client id is "plistLsp")
//   plistLsp.settings      server settings: initializationOptions.settings at start, then the
//                          "plist" section of workspace/didChangeConfiguration
'use strict';

const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');
const { execFile } = require('child_process');

const CLIENT_ID = 'plistLsp';
/** Binary property lists opened as XML: `plist-binary:/path/Info.plist` is the file at that path. */
const BINARY_SCHEME = 'plist-binary';
/** Signed configuration profiles opened as the plist they sign, read-only: `plist-signed:/path/A.mobileconfig`. */
const SIGNED_SCHEME = 'plist-signed';
/** What a user is told of a signed profile (as in Neovim and Emacs). */
const SIGNED_NOTE = 'a signed profile, read-only: editing it breaks its signature';
const SECTION = 'plistLsp';

/** @type {LanguageClient | undefined} */
let client;

function configuration() {
  return vscode.workspace.getConfiguration(SECTION);
}

function serverPath() {
  const path = configuration().get('server.path');
  return typeof path === 'string' && path.trim() !== '' ? path.trim() : 'plist-lsp';
}

function serverSettings() {
  const settings = configuration().get('settings');
  return settings && typeof settings === 'object' ? settings : {};
}

function createClient() {
  const command = serverPath();
  const serverOptions = {
    run: { command, args: ['--stdio'] },
    debug: { command, args: ['--stdio', '--log-level', 'debug'] },
  };
  const clientOptions = {
    // By language id, and by file name for files VS Code (or another extension) opened as XML.
    documentSelector: [
      { language: 'plist' },
      { scheme: 'file', pattern: '**/*.{plist,entitlements,xcprivacy}' },
      { scheme: 'untitled', language: 'plist' },
      { scheme: BINARY_SCHEME, language: 'plist' },
      { scheme: SIGNED_SCHEME, language: 'plist' },
      // The translations of an Info.plist (issue #31).
      { scheme: 'file', pattern: '**/*.lproj/*InfoPlist.strings' },
      { scheme: 'file', pattern: '**/*InfoPlist.xcstrings' },
    ],
    initializationOptions: { settings: serverSettings() },
    outputChannelName: 'plist-lsp',
  };
  return new LanguageClient(CLIENT_ID, 'plist-lsp', serverOptions, clientOptions);
}

async function start() {
  client = createClient();
  try {
    await client.start();
  } catch (error) {
    vscode.window.showErrorMessage(
      `plist-lsp could not start "${serverPath()}": ${error && error.message ? error.message : error}. ` +
        'Set "plistLsp.server.path" to the plist-lsp executable.'
    );
  }
}

async function restart() {
  if (client) {
    const old = client;
    client = undefined;
    try {
      await old.stop();
    } catch (_) {
      // The server may already be gone.
    }
  }
  await start();
}

/**
 * Runs `plist-lsp convert ARGS`, with `input` on its stdin; resolves to its stdout (a Buffer) or
 * rejects with its stderr (what plist-lsp says about the file).
 */
function convert(args, input) {
  return new Promise((resolve, reject) => {
    const child = execFile(serverPath(), ['convert', ...args], { encoding: 'buffer', maxBuffer: 1 << 30 }, (error, stdout, stderr) => {
      if (error) {
        const said = Buffer.from(stderr || '').toString('utf8').trim();
        reject(new Error(said || String(error.message || error)));
      } else {
        resolve(stdout);
      }
    });
    child.stdin.end(input || Buffer.alloc(0));
  });
}

/**
 * Whether `bytes` (a file's first bytes) at `path` are a signed configuration profile: a
 * .mobileconfig whose first bytes are a CMS SEQUENCE's (30 80, 30 81-84). Only a .mobileconfig:
 * certificates start with the same bytes.
 */
function isSignedProfile(path, bytes) {
  return /\.mobileconfig$/i.test(path) && bytes.length >= 2 && bytes[0] === 0x30
    && (bytes[1] === 0x80 || (bytes[1] >= 0x81 && bytes[1] <= 0x84));
}

/**
 * The `plist-binary:` file system: reading a file gives its XML (`convert --to xml1`), writing
 * converts the XML back to binary over the file (`convert --to binary1 -o FILE`, atomic). A
 * conversion that fails writes nothing and the editor shows why. With `{ signed: true }`, the
 * `plist-signed:` one: reading a signed profile gives the plist it signs; it never writes (it is
 * registered read-only too).
 */
class BinaryPlistFileSystem {
  constructor(options) {
    this.signed = Boolean(options && options.signed);
    this.emitter = new vscode.EventEmitter();
    this.onDidChangeFile = this.emitter.event;
  }
  watch() {
    return new vscode.Disposable(() => {});
  }
  async stat(uri) {
    const stat = await vscode.workspace.fs.stat(uri.with({ scheme: 'file' }));
    return { type: vscode.FileType.File, ctime: stat.ctime, mtime: stat.mtime, size: stat.size };
  }
  async readFile(uri) {
    try {
      return await convert(['--to', 'xml1', '-o', '-', uri.fsPath]);
    } catch (error) {
      throw vscode.FileSystemError.Unavailable(`${uri.fsPath}: ${error.message}`);
    }
  }
  async writeFile(uri, content) {
    if (this.signed) {
      throw vscode.FileSystemError.NoPermissions(`${uri.fsPath} not written: a signed profile (editing it breaks its signature)`);
    }
    try {
      await convert(['--to', 'binary1', '-o', uri.fsPath, '-'], Buffer.from(content));
    } catch (error) {
      throw vscode.FileSystemError.NoPermissions(`not saved (the file is unchanged): ${error.message}`);
    }
    this.emitter.fire([{ type: vscode.FileChangeType.Changed, uri }]);
  }
  readDirectory() {
    return [];
  }
  createDirectory() {
    throw vscode.FileSystemError.NoPermissions('plist-binary: files only');
  }
  delete() {
    throw vscode.FileSystemError.NoPermissions('plist-binary: files only');
  }
  rename() {
    throw vscode.FileSystemError.NoPermissions('plist-binary: files only');
  }
}

/**
 * The command "Open a binary property list as XML": the file given (from the explorer), else the
 * active editor's, else one picked; it must start with the bytes `bplist00`, or be a signed
 * profile (opened read-only as the plist it signs).
 */
async function openBinaryPlist(uri) {
  if (!(uri instanceof vscode.Uri)) {
    const active = vscode.window.activeTextEditor;
    uri = active && active.document.uri.scheme === 'file' ? active.document.uri : undefined;
  }
  if (!uri) {
    const picked = await vscode.window.showOpenDialog({ canSelectMany: false, openLabel: 'Open as XML' });
    uri = picked && picked[0];
    if (!uri) return;
  }
  const bytes = await vscode.workspace.fs.readFile(uri);
  const signed = isSignedProfile(uri.fsPath, bytes);
  if (!signed && Buffer.from(bytes.slice(0, 8)).toString('latin1') !== 'bplist00') {
    vscode.window.showInformationMessage(`${uri.fsPath} is not a binary property list (it does not start with bplist00).`);
    return;
  }
  try {
    const document = await vscode.workspace.openTextDocument(uri.with({ scheme: signed ? SIGNED_SCHEME : BINARY_SCHEME }));
    await vscode.window.showTextDocument(await vscode.languages.setTextDocumentLanguage(document, 'plist'));
    if (signed) vscode.window.showInformationMessage(`plist-lsp: ${SIGNED_NOTE}`);
  } catch (error) {
    vscode.window.showErrorMessage(`plist-lsp: ${error && error.message ? error.message : error}`);
  }
}

/** @param {vscode.ExtensionContext} context */
async function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand('plistLsp.restartServer', restart),
    vscode.commands.registerCommand('plistLsp.openBinaryPlist', openBinaryPlist),
    vscode.workspace.registerFileSystemProvider(BINARY_SCHEME, new BinaryPlistFileSystem(), { isCaseSensitive: true }),
    vscode.workspace.registerFileSystemProvider(SIGNED_SCHEME, new BinaryPlistFileSystem({ signed: true }),
      { isCaseSensitive: true, isReadonly: true }),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (event.affectsConfiguration('plistLsp.server.path')) {
        await restart();
      } else if (event.affectsConfiguration('plistLsp.settings') && client && client.isRunning()) {
        await client.sendNotification('workspace/didChangeConfiguration', {
          settings: { plist: serverSettings() },
        });
      }
    })
  );
  await start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate, BinaryPlistFileSystem, isSignedProfile };
