/**
 * What every build bundles in place of the `when-exit` package (scripts/build-plugins.mjs, tixOwnsSignals):
 * its API, `whenExit(callback)` returning a function that withdraws it, without its signal listeners. tix
 * imports nothing from here; conf's atomically does, to remove its temporary files when the process exits.
 *
 * The package, once loaded, listens to SIGINT, SIGTERM, SIGHUP and a dozen more signals; on one it runs its
 * callbacks and then sends the same signal to the process again (process.kill). tix listens to SIGINT and
 * SIGTERM itself while a command runs, and takes a second one as a second Ctrl-C: exit now, without the stop
 * work (a cancel request to a database server, recording alert deliveries already made). conf loads only when
 * a config file exists, so every real user's Ctrl-C skipped that work (issue 36 §1).
 *
 * Here the callbacks run when the process exits, which tix does through process.exit after a signal too, so
 * atomically's cleanup still runs; a signal with no listener of tix's ends the process as Node's default does.
 * (atomically's conf writes are synchronous: no signal listener can run while a temporary file of its exists.)
 */
type Callback = () => void;

const callbacks = new Set<Callback>();
let listening = false;

export default function whenExit(callback: Callback): () => void {
  if (!listening) {
    listening = true;
    process.once('exit', () => {
      for (const run of callbacks) run();
    });
  }
  callbacks.add(callback);
  return () => {
    callbacks.delete(callback);
  };
}
