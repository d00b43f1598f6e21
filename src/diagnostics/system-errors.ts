/**
 * The system's error codes in words, for every message that reports one
 * (a spec or a file of the output that cannot be read or written, a folder
 * that cannot be watched, an output that cannot be printed), so none shows
 * Node's `ELOOP: too many symbolic links encountered, open '/x'`. Each
 * place that meets a system error keeps its own hints beside it.
 */
export const systemReasons: Readonly<Record<string, string>> = {
  ENOENT: "no such file or folder",
  ENOTDIR: "a folder on its path is a file",
  EISDIR: "it is a folder, not a file",
  ENOTEMPTY: "the folder is not empty",
  ELOOP:
    "too many symbolic links on the path (a link that leads back to itself, or a loop of links)",
  ENAMETOOLONG: "a name in the path is too long",
  EACCES: "permission denied",
  EPERM: "permission denied",
  EIO: "the disk or file system failed to read or write (an input/output error)",
  EBUSY: "it is in use by another program",
  EROFS: "the file system is read-only",
  ENOSPC: "no space is left on the device",
  EDQUOT: "the disk quota is used up",
  EMFILE: "too many files are open",
  ENFILE: "too many files are open",
  ENXIO: "no such device, or a socket or pipe nothing is connected to",
  ESTALE: "the network file system lost track of it (a stale file handle)",
};

/**
 * `errno` in words; for a code without words, the system's own words
 * (`detail` without Node's code and path) and the code in brackets.
 */
export function systemReason(
  errno: string | undefined,
  detail: string,
): string {
  return systemReasons[errno ?? ""] ?? systemWords(detail, errno);
}

/** The hint for running out of open files, wherever it happens. */
export const tooManyOpenHint =
  "run again once fewer files are open, or raise the limit (ulimit -n)";

/** The hint for a --spec path with a name over the file system's limit. */
export const shorterSpecPath =
  "give --spec a shorter path: a name in it is over the file system's limit (usually 255 bytes)";

/**
 * A system error's message without its code in front or its call and path
 * after (`EIO: i/o error, open '/x'`), the code after in brackets:
 * `i/o error (EIO)`.
 */
function systemWords(detail: string, errno: string | undefined): string {
  // The call goes too when no path follows it (`EBADF: ..., write`), but
  // only after a code: other text may end in a comma and a word.
  const words = /^E[A-Z0-9]+: /.test(detail)
    ? detail.replace(/^E[A-Z0-9]+: /, "").replace(/, \w+(?: '.*)?$/, "")
    : detail.replace(/, \w+ '.*$/, "");
  return errno === undefined || words === errno ? words : `${words} (${errno})`;
}
