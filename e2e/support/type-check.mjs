// TypeScript's own check of generated source that exists only in memory (e.g. a deployment object
// typed as its published model interface): excess and missing properties are what it catches.
import path from 'node:path';
import ts from 'typescript';

const OPTIONS = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, skipLibCheck: true, types: [] };

/**
 * Type-checks `source` as if it were the file `name` in `dir` (imports resolve from there) and returns
 * its diagnostics: `{ line, message }`, line 0-based (-1 when the diagnostic has no position).
 */
export function typeCheckSource(dir, name, source) {
  const file = path.join(dir, name);
  const host = ts.createCompilerHost(OPTIONS);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (fileName, version) => (fileName === file ? ts.createSourceFile(fileName, source, version) : getSourceFile.call(host, fileName, version));
  host.fileExists = (fileName) => fileName === file || fileExists.call(host, fileName);
  host.readFile = (fileName) => (fileName === file ? source : readFile.call(host, fileName));
  return ts.getPreEmitDiagnostics(ts.createProgram([file], OPTIONS, host)).map((d) => ({
    line: d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line : -1,
    message: ts.flattenDiagnosticMessageText(d.messageText, ' '),
  }));
}
