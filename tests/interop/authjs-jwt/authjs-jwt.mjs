// Runs @auth/core's JWT functions for tst_authjsjwt. Reads a JSON array of operations on stdin,
// writes a JSON array with one result per operation on stdout:
//   {"op":"encode","token":{...},"secret":[...],"salt":"...","maxAge":60}  -> {"ok":true,"value":"<jwe>"}
//   {"op":"decode","token":"<jwe>","secret":[...],"salt":"..."}           -> {"ok":true,"value":{claims}|null}
//   {"op":"getToken","headers":{...},"secret":[...],"salt":..., "cookieName":..., "secureCookie":..., "raw":...}
// A thrown error becomes {"ok":false,"error":"<name>: <message>"}.
import { decode, encode, getToken } from "@auth/core/jwt"

async function readStdin() {
  const chunks = []
  for await (const chunk of process.stdin) chunks.push(chunk)
  return Buffer.concat(chunks).toString("utf8")
}

async function run(op) {
  switch (op.op) {
    case "encode":
      return encode({ token: op.token, secret: op.secret, salt: op.salt, maxAge: op.maxAge })
    case "decode":
      return decode({ token: op.token, secret: op.secret, salt: op.salt })
    case "getToken":
      return getToken({
        req: { headers: op.headers },
        secret: op.secret,
        salt: op.salt,
        cookieName: op.cookieName,
        secureCookie: op.secureCookie,
        raw: op.raw,
      })
    default:
      throw new Error(`unknown operation ${JSON.stringify(op.op)}`)
  }
}

const results = []
for (const op of JSON.parse(await readStdin())) {
  try {
    results.push({ ok: true, value: (await run(op)) ?? null })
  } catch (error) {
    results.push({ ok: false, error: `${error.name}: ${error.message}` })
  }
}
process.stdout.write(JSON.stringify(results))
