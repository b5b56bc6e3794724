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

const CLIENT_ID = 'plistLsp';
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

/** @param {vscode.ExtensionContext} context */
async function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand('plistLsp.restartServer', restart),
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

module.exports = { activate, deactivate };
