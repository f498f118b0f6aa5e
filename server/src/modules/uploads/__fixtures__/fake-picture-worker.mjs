// A stand-in child for picture-pool tests: does what the request asks (answer, fail, crash, hang).
process.on('message', ({ id, request }) => {
  switch (request.mode) {
    case 'ok':
      return process.send({
        id,
        ok: true,
        result: { echo: request.value, pid: process.pid, data: Buffer.from(request.value) },
        rss: request.rss ?? 1,
      });
    case 'slow':
      return setTimeout(() => process.send({ id, ok: true, result: { echo: request.value, pid: process.pid }, rss: 1 }), request.ms);
    case 'fail':
      return process.send({ id, ok: false, error: { name: 'PictureRejectedError', message: 'kein Bild', reason: 'unsupported' }, rss: 1 });
    case 'crash':
      return process.exit(3);
    case 'hang':
      return undefined;
  }
});
process.on('disconnect', () => process.exit(0));
