#!/usr/bin/env bash
# Writes the seed corpora of the fuzz targets (corpus/<target>/) from the unit-test vectors they
# are named after, in each target's input format (see the comment at the top of fuzz_<target>.cpp:
# parts are cut at "\n---\n", some targets start with an option byte). The seeds are committed;
# run this again after changing a format or adding vectors. Needs only coreutils.
#   tests/fuzz/make-corpus.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
S=$'\n---\n'

# seed <target> <name> <bytes, with printf %b escapes>
seed() {
  mkdir -p "$here/corpus/$1"
  printf '%b' "$3" >"$here/corpus/$1/$2"
}

b64url() { base64 -w0 | tr '+/' '-_' | tr -d '='; }
unb64url() {
  local s
  s=$(tr -- '-_' '+/')
  while [ $(( ${#s} % 4 )) -ne 0 ]; do s="$s="; done
  printf '%s' "$s" | base64 -d
}

# --- requestscanner: option byte (limits, cuts), then the stream (tst_requestscanner.cpp) ---
t=requestscanner
seed $t get '\x0aGET /auth/session HTTP/1.1\r\nHost: x\r\n\r\n'
seed $t bare-lf '\x0aGET / HTTP/1.1\nHost: x\n\n'
seed $t leading-blank '\x05\r\n\r\nHEAD / HTTP/1.1\r\n\r\n'
seed $t connection-close '\x0aGET / HTTP/1.1\r\nConnection: Upgrade, CLOSE\r\n\r\n'
seed $t http10-keepalive '\x0aGET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n'
seed $t body '\x06POST /auth/callback/credentials HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 27\r\n\r\ncsrfToken=abc&username=demo'
seed $t body-too-large '\x05POST / HTTP/1.1\r\nContent-Length: 101\r\n\r\n'
seed $t conflicting-length '\x0aPOST / HTTP/1.1\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!'
seed $t signed-length '\x0aPOST / HTTP/1.1\r\nContent-Length: +5\r\n\r\nhello'
seed $t chunked '\x0aPOST /auth/signin HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n'
seed $t chunked-and-length '\x0aPOST / HTTP/1.1\r\nContent-Length: 3\r\nTransfer-Encoding: gzip, chunked\r\n\r\n3;ext=1\r\nabc\r\n0\r\n\r\n'
seed $t websocket '\x0aGET /ws HTTP/1.1\r\nConnection: keep-alive, Upgrade\r\nUpgrade: websocket\r\n\r\n'
seed $t header-too-large '\x00GET / HTTP/1.1\r\nX-Long: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n\r\n'
seed $t bad-version '\x0aGET / HTTP/2.0\r\n\r\n'
seed $t http09 '\x0aGET /\r\n\r\n'
seed $t h2-preface '\x0aPRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'
seed $t no-colon '\x0aGET / HTTP/1.1\r\nHost x\r\n\r\n'
seed $t obs-fold '\x0aGET / HTTP/1.1\r\nX-A: a\r\n b\r\nHost: x\r\n\r\n'
seed $t pipelined '\x0aGET /a HTTP/1.1\r\nHost: x\r\n\r\nPOST /b HTTP/1.1\r\nContent-Length: 2\r\n\r\nokGET /c HTTP/1.0\r\n\r\n'
seed $t pipelined-failing '\x0aGET /a HTTP/1.1\r\n\r\nGET  HTTP/1.1\r\n\r\nGET /c HTTP/1.1\r\n\r\n'
seed $t chunk-overflow '\x0fPOST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffff\r\nhello\r\n0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n'
seed $t chunk-extension '\x0fPOST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: CHUNKED\r\n\r\n5;name=value;q="a;b"\r\nhello\r\n0;last\r\n\r\n'
seed $t nul-field '\x0aGET / HTTP/1.1\r\nHost: x\r\nX-A: a\x00b\r\n\r\n'
seed $t target-forms '\x0aGET http://x:8080/a?b HTTP/1.1\r\nHost: y\r\n\r\nOPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n'

# --- cookies: option byte (bit 0 secure, bits 1-4 repeat), Cookie, Cookie, value (tst_cookies.cpp, tst_csrf.cpp) ---
t=cookies
secret='fuzz-secret-one-0123456789abcdef'
csrf_hash=$(printf '%s' "abc123$secret" | sha256sum | cut -d' ' -f1)
seed $t session "\x00authjs.session-token=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2Q0JDLUhTNTEyIn0..aXY.Y3Q.dGFn; authjs.csrf-token=abc123%7C$csrf_hash${S}${S}eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2Q0JDLUhTNTEyIn0..aXY.Y3Q.dGFn"
seed $t chunks "\x00authjs.session-token.1=BBBB; authjs.session-token.0=AAAA; authjs.session-token.2=CC${S}authjs.session-token.3=stale${S}AAAABBBBCC"
seed $t secure "\x01__Secure-authjs.session-token.0=xyz; __Host-authjs.csrf-token=abc123|$csrf_hash${S}${S}xyz"
seed $t quoted '\x00authjs.callback-url="http%3A%2F%2F127.0.0.1%3A9300"; a=b; =c; d${S}${S}http://127.0.0.1:9300/dashboard'
seed $t bad-csrf "\x00authjs.csrf-token=abc|0000; authjs.csrf-token=second${S}authjs.csrf-token=|abc${S}J\xc3\xbcrgen x"
seed $t bearer "\x00other=1${S}Bearer eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2Q0JDLUhTNTEyIn0..aXY.Y3Q.dGFn extra${S}"
seed $t long-value "\x1eauthjs.session-token=short${S}${S}$(head -c 600 /dev/zero | tr '\0' 'a')"
seed $t long-unicode "\x1eauthjs.session-token.0=a; authjs.session-token.01=b${S}${S}$(printf 'J\xc3\xbcrgen \xf0\x9f\x98\x80 %.0s' $(seq 40))"

# --- requestbody: Content-Type, body (tst_requestbody.cpp) ---
t=requestbody
seed $t form "application/x-www-form-urlencoded${S}csrfToken=abc%7Cdef&callbackUrl=http%3A%2F%2F127.0.0.1%3A9300%2F&email=a+b%40example.test&x&=y&x=2"
seed $t form-charset "application/x-www-form-urlencoded; charset=UTF-8${S}name=J%C3%BCrgen&bad=%zz%&plus=a+b"
seed $t json "application/json${S}{\"csrfToken\":\"abc\",\"callbackUrl\":\"/x\",\"nested\":{\"a\":[1,2,{\"b\":null}]},\"n\":1e308}"
seed $t json-params " Application/JSON ; charset=utf-8${S}{\"a\":\"\\\\u0000\\\\ud83d\\\\ude00\"}"
seed $t json-malformed "application/json${S}{\"a\":"
seed $t json-array "application/json${S}[1,2]"
seed $t text "text/plain${S}csrfToken=x"

# --- jwe: option byte; bit 0 clear: a token; set: header JSON, payload, edits (tst_jwe.cpp, tst_jwt.cpp) ---
t=jwe
claims='{"name":"Ada Lovelace","email":"ada@example.test","picture":null,"sub":"5b7b2e2a-1c1b-4b55-9d1f-0a4c7b2f6e11","exp":4102444800,"iat":1700000000,"jti":"0b9f2c1e-3d4a-4c5b-8e6f-7a8b9c0d1e2f"}'
seed $t own-header "\x01${S}${claims}${S}"
seed $t second-secret "\x03${S}{\"sub\":\"1\",\"exp\":4102444800}${S}"
seed $t outsider "\x05${S}${claims}${S}"
seed $t other-salt "\x07${S}${claims}${S}"
seed $t foreign-header-kid "\x09{\"enc\":\"A256CBC-HS512\",\"alg\":\"dir\"}${S}${claims}${S}"
seed $t foreign-header-zip "\x09{\"alg\":\"dir\",\"enc\":\"A256CBC-HS512\",\"zip\":\"DEF\"}${S}{}${S}"
seed $t foreign-header-crit "\x09{\"alg\":\"dir\",\"enc\":\"A256CBC-HS512\",\"crit\":[\"b64\"],\"b64\":false}${S}{}${S}"
seed $t foreign-header-kid-number "\x09{\"alg\":\"dir\",\"enc\":\"A256CBC-HS512\",\"kid\":7}${S}{\"a\":1}${S}"
seed $t raw-header "\x11eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2Q0JDLUhTNTEyIn0${S}{\"exp\":\"soon\"}${S}"
seed $t expired "\x01${S}{\"sub\":\"1\",\"exp\":1000000000}${S}"
seed $t not-yet "\x01${S}{\"sub\":\"1\",\"nbf\":4102444800}${S}"
seed $t not-json "\x01${S}not json${S}"
seed $t array-payload "\x01${S}[1,2,3]${S}"
seed $t escapes "\x01${S}{\"k\\\\u0000\":\"\\\\u001f\\\\\"\\\\\\\\/\\\\ud83d\\\\ude00\xc3\xbc\",\"n\":[1.5,-0,1e300,true,null,{}]}${S}"
seed $t edited "\x01${S}${claims}${S}\x00\x10A\x02\x40x\x03\x90y"
seed $t jws '\x00eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl'
seed $t only-header '\x00eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2Q0JDLUhTNTEyIn0....'
seed $t surrogates '\x00eyJ\xf0\x9f\x98\x80.....'
seed $t six-parts '\x00a.b.c.d.e.f'

# --- idtoken: option byte; bit 0 clear: a JWS; set: header, payload, nonce, edits (tst_idtoken.cpp, tst_jws.cpp) ---
t=idtoken
good='{"iss":"https://idp.example","sub":"user-1","aud":"gatehouse-client","exp":4102444800,"iat":1699999990,"nonce":"n-0S6_WzA2Mj"}'
for alg in HS256 HS384 HS512 RS256 RS384 RS512 PS256 PS384 PS512 ES256 ES384 ES512 EdDSA; do
  seed $t "$alg" "\x01{\"alg\":\"$alg\",\"kid\":\"k1\",\"typ\":\"JWT\"}${S}${good}${S}n-0S6_WzA2Mj${S}"
done
seed $t hs256-wrong-secret "\x03{\"alg\":\"HS256\"}${S}${good}${S}n-0S6_WzA2Mj${S}"
seed $t audiences "\x01{\"alg\":\"HS256\"}${S}{\"iss\":\"https://idp.example\",\"sub\":\"1\",\"aud\":[\"gatehouse-client\",\"api\"],\"azp\":\"gatehouse-client\",\"exp\":4102444800,\"iat\":1}${S}${S}"
seed $t expired "\x01{\"alg\":\"ES256\"}${S}{\"iss\":\"https://idp.example\",\"sub\":\"1\",\"aud\":\"gatehouse-client\",\"exp\":1000,\"iat\":1,\"nbf\":4102444800}${S}${S}"
seed $t exp-string "\x01{\"alg\":\"HS512\"}${S}{\"iss\":\"https://idp.example\",\"sub\":\"1\",\"aud\":\"gatehouse-client\",\"exp\":\"4102444800\",\"iat\":1}${S}n${S}"
seed $t alg-none "\x01{\"alg\":\"none\"}${S}${good}${S}${S}"
seed $t crit "\x01{\"alg\":\"RS256\",\"crit\":[\"exp\"]}${S}${good}${S}${S}"
seed $t edited "\x01{\"alg\":\"ES384\"}${S}${good}${S}${S}\x00\x50A\x02\x10x"
seed $t raw-jws '\x00eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl'
seed $t raw-es256 '\x00eyJhbGciOiJFUzI1NiJ9.e30.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'
seed $t raw-two-parts '\x00eyJhbGciOiJIUzI1NiJ9.e30'

# --- jwks: the JWK Set (tst_jws.cpp) ---
t=jwks
rsa_n=$(head -c 256 /dev/zero | tr '\0' '\377' | b64url)
seed $t rsa-short '{"keys":[{"kty":"RSA","kid":"r1","use":"sig","alg":"RS256","n":"sXchDaQebHnPiGvyDOAT4saGEUetSyo9MKLOoWFsueri23bOdgWp4Dy1WlUzewbgBHod5pcM9H95GQRV3JDXboIRROSBigeC5yjU1hGzHHyXss8UDprecbAYxknTcQkhslANGRUZmdTOQ5qTRsLAt6BTYuyvVRdhS8exSZEy_c4gs_7svlJJQ4H9_NxsiIoLwAEk7-Q3UXERGYw_75IDrGA84-lA_-Ct4eTlXHBIY2EaV7t7LjJaynVJCpkv4LKjTTAumiGUIuQhrNhZLuF_RJLqHpM2kgWFLU7-VTdL1VbC2tejvcI2BlMkEpk1BzBZI0KQB0GaDWFLN-aEAw3vRw","e":"AQAB"}]}'
seed $t rsa "{\"keys\":[{\"kty\":\"RSA\",\"kid\":\"r2\",\"key_ops\":[\"verify\"],\"n\":\"${rsa_n}\",\"e\":\"AQAB\"}]}"
seed $t ec '{"keys":[{"kty":"EC","crv":"P-256","kid":"e1","x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU","y":"x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"},{"kty":"EC","crv":"P-256","x":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA","y":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"},{"kty":"EC","crv":"P-384","x":"AA","y":"AA"},{"kty":"EC","crv":"secp256k1"}]}'
seed $t okp '{"keys":[{"kty":"OKP","crv":"Ed25519","kid":"o1","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"},{"kty":"OKP","crv":"Ed448","x":"AAAA"},{"kty":"OKP","crv":"X25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}]}'
seed $t private '{"keys":[{"kty":"RSA","n":"AQAB","e":"AQAB","d":"AQAB"},{"kty":"oct","k":"c2VjcmV0","kid":"sym"},{"kty":"XYZ"},{"kty":"RSA","n":"AQAB"},7,null,"x"]}'
seed $t not-a-set '{"keys":{}}'
seed $t empty '{"keys":[]}'

# --- discovery: expected issuer, document (tst_fetching.cpp, the local OpenID provider) ---
t=discovery
doc='{"issuer":"https://idp.example","authorization_endpoint":"https://idp.example/auth","token_endpoint":"https://idp.example/token","userinfo_endpoint":"https://idp.example/me","jwks_uri":"https://idp.example/jwks","end_session_endpoint":"https://idp.example/session/end","id_token_signing_alg_values_supported":["RS256","ES256","EdDSA"],"authorization_response_iss_parameter_supported":true,"response_types_supported":["code"]}'
seed $t full "https://idp.example/${S}${doc}"
seed $t no-expected "${S}${doc}"
seed $t other-issuer "https://idp.example${S}{\"issuer\":\"https://evil.example\"}"
seed $t bad-endpoint "https://idp.example${S}{\"issuer\":\"https://idp.example\",\"token_endpoint\":\"javascript:alert(1)\",\"jwks_uri\":7}"
seed $t minimal "https://idp.example${S}{\"issuer\":\"https://idp.example/\",\"authorization_endpoint\":\"http://[::1]:9300/a\"}"
seed $t not-object "https://idp.example${S}[\"issuer\"]"

# --- tokenresponse: option byte (status), headers, body, mapping, path (tst_profile.cpp, tst_fetching.cpp) ---
t=tokenresponse
seed $t json "\x00Content-Type: application/json; charset=utf-8\nCache-Control: max-age=300\nAge: 20${S}{\"access_token\":\"at\",\"token_type\":\"Bearer\",\"expires_in\":3600,\"refresh_token\":\"rt\",\"id_token\":\"a.b.c\",\"scope\":\"openid email\",\"sub\":\"42\",\"email\":\"Ada@Example.TEST\",\"name\":\"Ada\"}${S}{\"id\":\"sub\",\"image\":\"https://cdn.example/{sub}/{avatar}.png\"}${S}email"
seed $t form "\x00Content-Type: application/x-www-form-urlencoded\nExpires: Sun, 06 Nov 1994 08:49:37 GMT\nDate: Sun, 06 Nov 1994 08:49:00 GMT${S}access_token=at&token_type=bearer&expires_in=60&scope=a+b&id=%C3%BC${S}{\"name\":[\"login\",\"name\"],\"email\":null}${S}scope"
seed $t error "\x01Content-Type: application/json\nCache-Control: no-store${S}{\"error\":\"invalid_grant\",\"error_description\":\"expired\"}${S}${S}"
seed $t nested "\x00Cache-Control: s-maxage=\"99999999\", max-age=1${S}{\"data\":{\"id\":7,\"images\":[{\"url\":\"u\"}],\"mail\":\"X@Y.Z\"},\"expires_at\":1.5e9}${S}{\"id\":\"data.id\",\"image\":\"data.images.0.url\",\"email\":\"data.mail\"}${S}data.images.0.url"
seed $t numbers "\x00Cache-Control: max-age=-9223372036854775808\nAge: 5${S}{\"id\":12345678901234567890,\"sub\":1e300,\"expires_in\":\"soon\"}${S}{\"id\":[\"missing\",\"id\"]}${S}id"
seed $t not-json "\x00Content-Type: text/html${S}<html>${S}${S}"

# --- webauthn: the binary parsers (attestation objects and authenticator data were there; client data added) ---
t=webauthn
for f in "$root"/tests/unit/webauthn/data/*.json; do
  base=$(basename "$f" .json)
  i=0
  for cd in $(grep -o '"clientDataJSON": "[^"]*"' "$f" | cut -d'"' -f4); do
    printf '%s' "$cd" | unb64url >"$here/corpus/$t/$base-$i.clientdata"
    i=$((i + 1))
  done
done

# --- ceremony: the recorded ceremonies themselves ---
mkdir -p "$here/corpus/ceremony"
cp "$root"/tests/unit/webauthn/data/*.json "$here/corpus/ceremony/"

# --- address: the address (tst_address.cpp) ---
t=address
i=0
while IFS= read -r line; do
  seed $t "$(printf '%02d' $i)" "$line"
  i=$((i + 1))
done <<'EOF'
alice@example.test
Alice@Example.TEST
  alice@example.test \t\n
a.b-c_d'e*f=g?h^i{j}k~l/m@example.test
root@localhost
\xef\xbd\x81\xef\xbd\x8c\xef\xbd\x89\xef\xbd\x83\xef\xbd\x85@\xef\xbd\x85\xef\xbd\x98\xef\xbd\x81\xef\xbd\x8d\xef\xbd\x90\xef\xbd\x8c\xef\xbd\x85.test
victim\xef\xbc\xa0victim.test
user@b\xc3\xbccher.example
user@\xe4\xbe\x8b\xe3\x81\x88\xe3\x80\x82\xe3\x83\x86\xe3\x82\xb9\xe3\x83\x88
"e@attacker.test"@victim.test
victim@victim.test,attacker@attacker.test
victim@victim.test;attacker@attacker.test
group:attacker@attacker.test
attacker\xef\xb9\xabattacker.test@victim.test
victim@attacker.test\xe2\x88\x99victim.test
Victim <attacker@attacker.test>
victim@[127.0.0.1]
victim@127.0.0.1
attacker%attacker.test@victim.test
victim@victim.test\r\nBcc: attacker@attacker.test
vic\xe2\x80\x8btim@victim.test
victim@\xe2\x80\xaetset.mitciv
user@xn--bcher-kva.example
a@-bad-.example
a@xn--.example
EOF

# --- config: the file, environment (tests/unit/config, packaging/examples) ---
t=config
for f in "$root"/packaging/examples/*/gatehouse.json; do
  seed $t "example-$(basename "$(dirname "$f")")" "$(cat "$f")${S}AUTH_SECRET=fuzz-secret-0123456789abcdef0123456789"
done
seed $t oidc "{\"secret\":[\"0123456789abcdef0123456789abcdef\"],\"url\":\"https://app.example/auth\",\"providers\":[{\"id\":\"local-idp\",\"type\":\"oidc\",\"issuer\":\"https://idp.example\",\"clientId\":\"c\",\"clientSecret\":\"s\",\"checks\":[\"pkce\",\"state\",\"nonce\"],\"profileMapping\":{\"id\":\"sub\"}},{\"id\":\"github\"},{\"id\":\"email\",\"type\":\"email\",\"from\":\"Gatehouse <noreply@example.test>\",\"server\":{\"host\":\"127.0.0.1\",\"port\":2525}}],\"session\":{\"strategy\":\"jwt\",\"maxAge\":3600,\"updateAge\":60},\"cookies\":{\"sessionToken\":{\"name\":\"sid\",\"options\":{\"sameSite\":\"strict\"}}},\"pages\":{\"signIn\":\"/login\"},\"theme\":{\"colorScheme\":\"dark\",\"brandColor\":\"#346df1\"},\"server\":{\"listen\":\"[::1]:3000\",\"threads\":2,\"maxBodySize\":65536},\"adapter\":{\"url\":\"postgresql://u@localhost/db\"},\"trustHost\":false}${S}AUTH_LOCAL_IDP_ID=id\nAUTH_URL=https://app.example/base\nAUTH_TRUST_HOST=yes"
seed $t env-only "{}${S}AUTH_SECRET=short\nAUTH_SECRET_1=old\nNEXTAUTH_URL=http://[::1]:3000\nDATABASE_URL=sqlite:/tmp/x.db\nAUTH_GITHUB_ID=a\nAUTH_GITHUB_SECRET=b"
seed $t unknown-keys "{\"secert\":\"x\",\"session\":{\"maxage\":-1,\"strategy\":\"cookie\"},\"providers\":[7,{\"type\":\"oauth\"}],\"basePath\":\"auth\"}${S}"
seed $t syntax-error "{\n  \"basePath\": \"/auth\",\n  \"providers\": [\n    {\"id\": \"x\",}\n  ]\n}${S}"
seed $t syntax-error-unicode "{\"name\": \"J\xc3\xbcrgen \xf0\x9f\x98\x80\"\n  \"x\"${S}"
seed $t relative-files "{\"secret\":\"0123456789abcdef0123456789abcdef\",\"callbacksScript\":\"callbacks.js\",\"callbacks\":{\"signIn\":\"allow\"},\"providers\":[{\"id\":\"oidc\",\"type\":\"oidc\",\"issuer\":\"https://idp.example\",\"clientId\":\"c\",\"ca\":\"ca.pem\"}]}${S}"

# --- redirect: option byte (bit 0 trustHost, bit 1 AUTH_URL), callbackUrl, Host, X-Forwarded-Host, X-Forwarded-Proto, AUTH_URL (tst_redirect.cpp, tst_origin.cpp) ---
t=redirect
i=0
for url in '/dashboard' '/a?b=c#d' 'http://127.0.0.1:9300/profile?x=1' 'http://127.0.0.1:9300' 'http://evil.example/' \
  'http://127.0.0.1:9301/' 'https://127.0.0.1:9300/' '//evil.example/x' '/\\evil.example' 'http:\\\\evil.example' \
  'javascript:alert(1)' 'data:text/html,<script>' 'http://127.0.0.1:9300@evil.example/' '/a\r\nSet-Cookie: x=y' \
  '/a\tb' '%%%:::' 'dashboard' 'HTTP://127.0.0.1:9300/x' 'http://127.0.0.1:09300/x' 'http:/evil.example' \
  'http:evil.example' 'http://127.0.0.1:9300%2f@evil.example' 'http://[::1]:9300/' '/%2e%2e/x'; do
  seed $t "$(printf '%02d' $i)" "\x01${url}${S}127.0.0.1:9300${S}${S}${S}"
  i=$((i + 1))
done
seed $t forwarded "\x01/x${S}127.0.0.1:9300${S}auth.example.test, x${S}https, http${S}"
seed $t forwarded-port "\x01https://auth.example.test:8443/x${S}127.0.0.1:9300${S}auth.example.test:8443${S}https${S}"
seed $t auth-url "\x02https://app.example.test/auth/x${S}evil.example${S}evil.example${S}http${S}https://app.example.test/auth"
seed $t auth-url-ipv6 "\x03http://[::1]:3000/x${S}${S}${S}${S}http://[::1]:3000"
seed $t idn-host "\x01http://b\xc3\xbccher.example/x${S}b\xc3\xbccher.example${S}${S}${S}"

# --- acceptlanguage: the header (tst_pagetranslator.cpp, browsers) ---
t=acceptlanguage
i=0
for h in 'de-DE,de;q=0.9' 'de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7' 'fr' 'fr-FR,fr;q=0.9,de;q=0.5' '' 'en;q=0.5, de;q=0.8' \
  'de, en' 'de;q=0' '*' '*;q=0.5, en;q=0' 'DE_at' 'de;q=1.5' 'de;q=abc, en' 'de;Q=0.3;x=y' 'zh-Hant-TW;q=0.8, *;q=0.1' \
  'de;q=nan' 'de;q=1e-300'; do
  seed $t "$(printf '%02d' $i)" "$h"
  i=$((i + 1))
done
# --- legacyhash: hash strings of every scheme, valid and refused (tst_legacyhash.cpp) ---
t=legacyhash
i=0
for h in '$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW' '$2b$31$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW' \
  '$5$rounds=10000$saltstringsaltst$3xv.VbSHBb41AL9AvLeujZkZRBAwqFMz2.opqey6IcA' \
  '$6$saltstring$svn8UoSVapNtMuq1ukKS4tPQd8iKwSMHWjl/O817G3uBnIFNjnQJuesI68u4OTLiBFdcbYEdFCoEOfaS35inz1' \
  '$apr1$r31.....$HqJZimcKQFAMYayBlzkrA/' '$argon2i$v=19$m=65536,t=2,p=4$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG' \
  '$argon2id$v=19$m=4194304,t=1,p=1$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG' \
  '$pbkdf2-sha256$29000$N2GMcQ4hBMDYO0cohDAGwA$yW.ZCo/3YuTMwXHkz0lK4WoaHd9wN6ZFmVqbHs.iZzQ' \
  'pbkdf2_sha256$80000$NaCl$Td3Y9guYviGDDO5e8icB+WQaRBjQTAQUrv8Ih2s0q1Y=' \
  '$keycloak-pbkdf2-sha256$27500$TmFDbA==$Td3Y9guYviGDDO5e8icB+WQaRBjQTAQUrv8Ih2s0q1Y=' \
  '{PBKDF2-SHA512}25000$c2FsdA$eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eA' \
  '$scrypt$ln=14,r=8,p=1$U29kaXVtQ2hsb3JpZGU$cCO9yzr9c0hGHAbNgf0463+oY+4+qbVD9lRdofLVQylVYT8Pz2LUlwUkKpr55h6F3A1lHkDfzwF7RVdYhw' \
  '{SSHA512}eFwgP/68r4Ub2PYl7VRt+NMRKBnkTCX8Ulb70RuG0g4Y8yUMEqs3A02zx11305JbUsHhqN+8ZoWmUUFIow/fFOackzKmNAaA' \
  '{SHA}W6ph5Mm5Pz8GgiULbPgzG37mj9g=' '{MD5}X03MO1qnZdYdgyfeuILPmQ=='; do
  seed $t "$(printf '%02d' $i)" "$h"
  i=$((i + 1))
done
# --- users_<format>: option byte (bit 0 --email-domain, bit 1 --allow-weak-hashes), then the file (tests/unit/userimport) ---
# userseed <target> <name> <option byte> <file, as it is>
userseed() {
  mkdir -p "$here/corpus/$1"
  { printf '%b' "$3"; printf '%s' "$4"; } >"$here/corpus/$1/$2"
}
b10='$2y$10$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW'
b31='$2b$31$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW'
a4g='$argon2id$v=19$m=4194304,t=3,p=4$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG'
sha512='$6$saltstring$svn8UoSVapNtMuq1ukKS4tPQd8iKwSMHWjl/O817G3uBnIFNjnQJuesI68u4OTLiBFdcbYEdFCoEOfaS35inz1'
apr1='$apr1$r31.....$HqJZimcKQFAMYayBlzkrA/'
t=users_authelia
userseed $t documentation '\x00' "---
# users
users:
  john:
    disabled: false
    displayname: 'John Doe'
    password: '$b10'
    email: 'john.doe@authelia.com'
    groups:
      - 'admins'
      - 'dev'
  harry:
    displayname: \"Harry \\\"H\\\" Potter \\u00e9\"
    password: \"$b10\"
    email: Harry@Example.com  # a comment
    disabled: true
    groups: [dev, 'ops']
"
userseed $t bom-crlf '\x00' $'\xEF\xBB\xBFusers:\r\n  a:\r\n    password: '"$b10"$'\r\n    email: a@example.test\r\n    groups:\r\n    - x\r\n'
userseed $t refused-users '\x02' "users:
  a:
    password: $b10
    email: a@example.test
    given_name: A
  b:
    password: $b31
    email: b@example.test
  c:
    password: '$a4g'
    email: A@example.test
    disabled: 'yes'
  d:
    password: '{MD5}X03MO1qnZdYdgyfeuILPmQ=='
    email: d
"
userseed $t other-schemes '\x03' "users: {}
users:
  e:
    password: '$sha512'
    email: e
  f:
    password: \"$apr1\"
    email: f@example.test
    groups: []
"
userseed $t tab '\x00' $'users:\n  a:\n\tpassword: '"$b10"$'\n'
userseed $t truncated-quote '\x00' $'users:\n  a:\n    password: \'$2y$10$CCC\n'
userseed $t block-scalar '\x00' $'users:\n  a:\n    displayname: |\n      A\n'
t=users_htpasswd
userseed $t one-user '\x01' "alice:$b10
"
userseed $t bom-crlf-comments '\x01' $'\xEF\xBB\xBF# users\r\n\r\nAlice:'"$b10"$'\r\n  \r\nbob@other.test:'"$b10"
userseed $t schemes '\x03' "alice:$b10
bob:$sha512
carol:\$5\$rounds=10000\$saltstringsaltst\$3xv.VbSHBb41AL9AvLeujZkZRBAwqFMz2.opqey6IcA
dave:$apr1
erin:{SHA}W6ph5Mm5Pz8GgiULbPgzG37mj9g=
ALICE:$b10
"
userseed $t bad-lines '\x03' $'no colon here\n:'"$b10"$'\n\xff\xfe:'"$b10"$'\ncarol:{SHA}W6ph5Mm5Pz8GgiULbPgzG37mj9g=\ndave:'"$b31"$'\nerin:{MD5}X03MO1qnZdYdgyfeuILPmQ==\nfrank:\nal ice:'"$b10"$'\n'
userseed $t no-domain '\x00' "alice:$b10
"
t=users_keycloak
kv=$(head -c 64 /dev/zero | tr '\0' v | base64 -w0)
ks=$(head -c 16 /dev/zero | tr '\0' s | base64 -w0)
kh=$(head -c 32 /dev/zero | tr '\0' h | base64 -w0)
# credential <algorithm> <iterations> <value> [additionalParameters]: as Keycloak 12+ writes it, JSON in strings
credential() {
  printf '{"type":"password","userLabel":"My password","createdDate":1700000000000,"secretData":"{\\"value\\":\\"%s\\",\\"salt\\":\\"%s\\",\\"additionalParameters\\":{}}","credentialData":"{\\"hashIterations\\":%s,\\"algorithm\\":\\"%s\\",\\"additionalParameters\\":%s}"}' \
    "$3" "$ks" "$2" "$1" "${4:-{\}}"
}
kuser() { # <username> <email or empty> <credentials> [enabled]
  printf '{"id":"0b0e5c2c-0000-4000-8000-%s","username":"%s",%s"enabled":%s,"emailVerified":true,"firstName":"First","lastName":"Last","credentials":[%s],"groups":["/staff","/staff/ops"],"realmRoles":["default-roles-demo"]}' \
    "$1" "$1" "${2:+\"email\":\"$2\",}" "${4:-true}" "$3"
}
userseed $t realm '\x01' "{\"realm\":\"demo\",\"enabled\":true,\"users\":[$(kuser alice Alice@Example.test "$(credential pbkdf2-sha256 27500 "$kv")"),
$(kuser bob '' "$(credential pbkdf2-sha512 210000 "$kv")" false),
$(kuser carol carol@example.test '{"type":"otp","secretData":"{}"}')]}
"
userseed $t argon2 '\x01' "{\"realm\":\"demo\",\"users\":[$(kuser dave dave@example.test "$(credential argon2 3 "$kh" '{\"type\":[\"id\"],\"version\":[\"1.3\"],\"memory\":[\"65536\"],\"parallelism\":[\"4\"],\"hashLength\":[\"32\"]}')"),
$(kuser frank frank@example.test "$(credential argon2 3 "$kh" '{\"memory\":[\"4194304\"]}')")]}"
userseed $t refused '\x01' "{\"realm\":\"demo\",\"users\":[$(kuser erin erin@example.test "$(credential pbkdf2-sha256 1000000000 "$kv")"),
$(kuser gina gina@example.test "$(credential bcrypt 10 "$kv")"),
$(kuser hugo hugo@example.test "$(credential pbkdf2-sha256 27500 "$kv"),$(credential pbkdf2 20000 "$kv")"),
$(kuser ida ida@example.test ''),$(kuser ida2 IDA@example.test ''),7,{\"username\":\"x y\"}]}"
userseed $t before-keycloak-11 '\x01' "{\"users\":[{\"username\":\"old\",\"credentials\":[{\"type\":\"password\",\"hashedSaltedValue\":\"$kv\",\"salt\":\"$ks\",\"hashIterations\":27500,\"algorithm\":\"pbkdf2-sha256\"}]}]}"
userseed $t truncated '\x01' "{\"realm\":\"demo\",\"users\":[$(kuser jo jo@example.test '')"
t=users_csv
userseed $t every-column '\x00' "email,name,email_verified,disabled,groups,password_hash
Alice@Example.test,\"Liddell, Alice\",true,false,\"admins,dev\",$b10
bob@example.test,\"Bob
Builder\",no,yes,,
"
userseed $t bom-crlf-quotes '\x00' $'\xEF\xBB\xBFpassword_hash,email,name\r\n'"$b10"$',c@example.test,"Carol ""C"""\r\n\r\n'
userseed $t bad-rows '\x01' $'email,disabled,password_hash\na@example.test,maybe,\nb@example.test,false\nnot an address,false,\nd@example.test,false,$2y$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW\ne@example.test,false,'"$b31"$'\nf@example.test,false,{SHA}W6ph5Mm5Pz8GgiULbPgzG37mj9g=\ng@example.test,false,pbkdf2_sha256$1000000000$salt$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=\nh@example.test,false,\nH@example.test,false,\n\xff@example.test,false,\n'
userseed $t schemes '\x02' "email,password_hash
a@example.test,\$pbkdf2-sha256\$29000\$N2GMcQ4hBMDYO0cohDAGwA\$yW.ZCo/3YuTMwXHkz0lK4WoaHd9wN6ZFmVqbHs.iZzQ
b@example.test,pbkdf2_sha256\$80000\$NaCl\$Td3Y9guYviGDDO5e8icB+WQaRBjQTAQUrv8Ih2s0q1Y=
c@example.test,\$scrypt\$ln=14,r=8,p=1\$U29kaXVtQ2hsb3JpZGU\$cCO9yzr9c0hGHAbNgf0463+oY+4+qbVD9lRdofLVQylVYT8Pz2LUlwUkKpr55h6F3A1lHkDfzwF7RVdYhw
d@example.test,{SSHA512}eFwgP/68r4Ub2PYl7VRt+NMRKBnkTCX8Ulb70RuG0g4Y8yUMEqs3A02zx11305JbUsHhqN+8ZoWmUUFIow/fFOackzKmNAaA
e@example.test,$apr1
"
userseed $t header-problems '\x00' $'email,password\na@example.test,x\n'
userseed $t truncated-quote '\x00' $'email,name\na@example.test,A\nb@example.test,"B\n'
t=users_jsonl
userseed $t users '\x00' '{"email":"A@example.test","name":"A","email_verified":true,"disabled":false,"groups":["x","y"],"password_hash":"'"$b10"$'"}\r\n\n{"email":"b@example.test","name":null,"password_hash":null}'
userseed $t bad-lines '\x00' '{"email":"a@example.test","role":"admin"}
{"email":"b@example.test","disabled":"no"}
{"email":"c@example.test","groups":"x"}
{"name":"D"}
[1,2]
{"email":"f@example.test"
{"email":"g@example.test","password_hash":"$argon2id$v=19$m=65536,t=100,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA"}
{"email":"h@example.test"}
{"email":"H@example.test"}
'
userseed $t export '\x03' '{"email":"r@example.test","name":"R \"quoted\" \u00e9","email_verified":false,"disabled":true,"groups":[],"password_hash":"'"$apr1"'"}
{"email":"s","name":"S","groups":["a","b"],"password_hash":"'"$sha512"'"}
'
echo "make-corpus: done"
