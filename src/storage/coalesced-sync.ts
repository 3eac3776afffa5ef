/**
 * Runs `sync` for callers that each need "everything written before I asked is on disk", sharing one sync
 * among all who ask while another is under way (a group commit): a caller is answered by the first sync that
 * *started* after it asked, so no write of its is missed, and under load the syncs do not queue one per caller.
 */
export function coalescedSync(sync: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  const start = (): Promise<void> => {
    const run = sync().finally(() => {
      if (running === run) running = undefined;
    });
    running = run;
    return run;
  };
  return () => {
    if (running === undefined) return start();
    // One sync is under way and may have started before this caller's writes: wait for the next one.
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = undefined;
        return start();
      });
    return queued;
  };
}
