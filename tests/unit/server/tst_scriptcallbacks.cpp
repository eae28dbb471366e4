#include "scriptbindings.h"
#include "scriptcallbacks.h"
#include "scripterror.h"

#include <gatehouse/autherror.h>
#include <gatehouse/configloader.h>

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QThreadPool>
#include <QTimer>

#include <optional>

using namespace Gatehouse;
using namespace std::chrono_literals;

namespace {

// Functions the tests call besides the issue's example (which lives in packaging/examples).
const char extraScript[] = R"JS(
var calls = 0;
function countCalls() { calls += 1; return calls; }
function echo(value) { return value; }
function shapes() { return { date: new Date(0), skipped: undefined, fn: function () {}, list: [1, "two", null] }; }
function authorizeLater(credentials) {
    return Promise.resolve(credentials.username).then(function (name) {
        return name === "bob" ? { id: "2", name: "Bob" } : null;
    });
}
function authorizeThrows() { throw new Error("database is down"); }
function authorizeThrowsCode() { throw { code: "expired", message: "password expired" }; }
function authorizeRejects() { return Promise.reject(new Error("no such user")); }
function authorizeTrue() { return true; }
function spin() { for (;;) {} }
function spinLater() { return Promise.resolve().then(function () { for (;;) {} }); }
function forever() { return new Promise(function () {}); }
function logSomething() { console.log("hello", { a: 1 }, 2); return null; }
var lastEvent = null;
function onSignIn(message) { lastEvent = message; }
function lastSignInEvent() { return lastEvent; }
function allowSignIn(params) { return params.user.email === "ok@example.test" ? true : (params.user.email === "go@example.test" ? "/welcome" : false); }
function brokenSignIn() { throw new Error("signIn exploded"); }
function addRole(params) { var t = params.token; t.role = params.trigger === "signIn" ? "admin" : "user"; return t; }
function dropToken() { return null; }
function addSessionField(params) { var s = params.session; s.role = params.token.role; return s; }
function onlyHttps(params) { return params.url.indexOf("https://") === 0 ? params.url : params.baseUrl; }
function mapProfile(profile, tokens) { return { id: profile.id, name: profile.login, email: profile.email, image: "https://cdn.test/" + tokens.token_type }; }
function keepAccessToken(tokens) { return Promise.resolve({ access_token: tokens.access_token, scope: "repo" }); }
function profileThrows() { throw new Error("profile has no login"); }
function accountNotObject() { return "tokens"; }
function guard(params) { return params.auth ? true : { status: 403, body: { error: "forbidden", path: params.request.url } }; }
function officeOnly(params) {
    if (params.account.provider === "kiosk") return "none";
    if (params.user.email === "keep@example.test") return null;
    if (params.user.email === "odd@example.test") return "sms";
    return params.enrolled ? params.proposed : "code";
}
)JS";

const QString examples = QStringLiteral(GATEHOUSE_EXAMPLES_DIR);

// Waits, spinning the event loop, until \a future is finished.
template <typename T>
bool settle(const QFuture<T> &future)
{
    return QTest::qWaitFor([&] { return future.isFinished(); }, 10000);
}

template <typename T>
QString failureMessage(QFuture<T> future)
{
    try {
        future.waitForFinished();
    } catch (const ScriptError &e) { // before AuthError, which it derives from
        return QStringLiteral("ScriptError: ") + e.message();
    } catch (const AuthError &e) {
        return e.type() + QStringLiteral(": ") + e.message();
    }
    return QStringLiteral("(no failure)");
}

AuthRequest request()
{
    AuthRequest r;
    r.method = "POST";
    r.url = QUrl(QStringLiteral("http://127.0.0.1:3000/auth/callback/credentials"));
    r.headers = {{"Host", "127.0.0.1:3000"}, {"Accept", "text/html"}, {"accept", "*/*"}};
    r.remoteAddress = QHostAddress(QStringLiteral("127.0.0.1"));
    return r;
}

// Calls \a function from a thread of its own that runs an event loop, like a serving thread.
class WorkerThread : public QThread
{
public:
    WorkerThread(ScriptCallbacks script, QString function, QJsonArray arguments = {})
        : m_script(std::move(script)), m_function(std::move(function)), m_arguments(std::move(arguments))
    {
    }
    QJsonValue result;
    QString error;

protected:
    void run() override
    {
        QObject context;
        QTimer::singleShot(0, &context, [this, &context] {
            m_script.call(m_function, m_arguments)
                .then(&context, [this](const QJsonValue &value) {
                    result = value;
                    quit();
                })
                .onFailed(&context, [this](const ScriptError &e) {
                    error = e.message();
                    quit();
                });
        });
        exec();
    }

private:
    ScriptCallbacks m_script;
    QString m_function;
    QJsonArray m_arguments;
};

} // namespace

class TestScriptCallbacks : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void issueExample_data();
    void issueExample();
    void promiseAuthorize();
    void failingAuthorize_data();
    void failingAuthorize();
    void providerProfileAndAccount();
    void failingProviderCallbacks();
    void jsonConversion();
    void runawayScript_data();
    void runawayScript();
    void runawayTopLevel();
    void perThreadEngines();
    void lastCopyEndsEnginesOfRunningThreads();
    void promiseOnWorkerThread();
    void callFromThreadPool();
    void check_data();
    void check();
    void console();
    void callbacks();
    void events();

private:
    ScriptCallbacks script(std::chrono::milliseconds timeout = 2000ms) const;

    QTemporaryDir m_dir;
    QString m_extra;
};

void TestScriptCallbacks::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_extra = m_dir.filePath(QStringLiteral("extra.js"));
    QFile file(m_extra);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(extraScript);
}

ScriptCallbacks TestScriptCallbacks::script(std::chrono::milliseconds timeout) const
{
    return ScriptCallbacks(m_extra, timeout);
}

void TestScriptCallbacks::issueExample_data()
{
    QTest::addColumn<QString>("username");
    QTest::addColumn<QString>("password");
    QTest::addColumn<QJsonObject>("user");

    QTest::newRow("alice") << QStringLiteral("alice") << QStringLiteral("alice-password")
                           << QJsonObject{{"id", "1"}, {"name", "Alice"}, {"email", "alice@example.test"}};
    QTest::newRow("wrong password") << QStringLiteral("alice") << QStringLiteral("wrong") << QJsonObject();
    QTest::newRow("wrong user") << QStringLiteral("bob") << QStringLiteral("alice-password") << QJsonObject();
    QTest::newRow("empty") << QString() << QString() << QJsonObject();
}

void TestScriptCallbacks::issueExample()
{
    QFETCH(QString, username);
    QFETCH(QString, password);
    QFETCH(QJsonObject, user);

    // Issue 2, section 6, as written: the JSON file, callbacks.js, AUTH_SECRET from the environment.
    QProcessEnvironment env;
    env.insert(QStringLiteral("AUTH_SECRET"), QStringLiteral("a-secret-of-at-least-thirty-two-characters"));
    ServerConfigResult loaded = loadServerConfigFile(examples + QStringLiteral("/credentials/gatehouse.json"), env);
    QCOMPARE(loaded.problems, QList<ConfigProblem>());
    const ScriptCallbacks callbacks(loaded.server.callbacksScript, 2000ms);
    QCOMPARE(callbacks.check(scriptFunctionUses(loaded.config, loaded.server)), QList<ConfigProblem>());
    bindScript(callbacks, loaded.config, loaded.server);

    const Provider &provider = loaded.config.providers.at(0);
    QVERIFY(provider.authorize);
    const QJsonObject credentials{{"username", username}, {"password", password}};
    const QFuture<std::optional<QJsonObject>> future = provider.authorize(credentials, request());
    QCOMPARE(future.result().value_or(QJsonObject()), user);
    QCOMPARE(future.result().has_value(), !user.isEmpty());
}

void TestScriptCallbacks::promiseAuthorize()
{
    Config config;
    config.providers = {Provider{QStringLiteral("credentials"), QStringLiteral("C"), QStringLiteral("credentials"),
                                 {{"authorize", "authorizeLater"}}, {}}};
    bindScript(script(), config, ServerSettings());
    const auto bob = config.providers[0].authorize({{"username", "bob"}}, request());
    const auto eve = config.providers[0].authorize({{"username", "eve"}}, request());
    QVERIFY(settle(bob));
    QVERIFY(settle(eve));
    QCOMPARE(bob.result(), std::optional<QJsonObject>(QJsonObject{{"id", "2"}, {"name", "Bob"}}));
    QCOMPARE(eve.result(), std::nullopt);
}

void TestScriptCallbacks::failingAuthorize_data()
{
    QTest::addColumn<QString>("function");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("message");
    QTest::newRow("throws") << QStringLiteral("authorizeThrows") << QStringLiteral("credentials")
                            << QStringLiteral("authorizeThrows threw: Error: database is down (extra.js:");
    QTest::newRow("throws a code") << QStringLiteral("authorizeThrowsCode") << QStringLiteral("expired")
                                   << QStringLiteral("authorizeThrowsCode threw: password expired");
    QTest::newRow("rejects") << QStringLiteral("authorizeRejects") << QStringLiteral("credentials")
                             << QStringLiteral("authorizeRejects rejected: Error: no such user");
    QTest::newRow("wrong shape") << QStringLiteral("authorizeTrue") << QStringLiteral("credentials")
                                 << QStringLiteral("authorizeTrue returned neither a user object nor null");
    QTest::newRow("missing") << QStringLiteral("noSuchFunction") << QStringLiteral("credentials")
                             << QStringLiteral("function 'noSuchFunction' not found in extra.js");
}

void TestScriptCallbacks::failingAuthorize()
{
    QFETCH(QString, function);
    QFETCH(QString, code);
    QFETCH(QString, message);
    Config config;
    config.providers = {Provider{QStringLiteral("credentials"), QStringLiteral("C"), QStringLiteral("credentials"),
                                 {{"authorize", function}}, {}}};
    bindScript(script(), config, ServerSettings());
    auto future = config.providers[0].authorize({{"username", "x"}}, request());
    QVERIFY(settle(future));
    try {
        future.waitForFinished();
        QFAIL("authorize did not fail");
    } catch (const CredentialsSignin &e) {
        QCOMPARE(e.code(), code);
        QVERIFY2(e.message().startsWith(message), qPrintable(e.message()));
    }
}

void TestScriptCallbacks::providerProfileAndAccount()
{
    Config config;
    Provider github{QStringLiteral("github"), QStringLiteral("GitHub"), QStringLiteral("oauth"),
                    {{"profile", "mapProfile"}, {"account", "keepAccessToken"}}, {}};
    Provider other{QStringLiteral("other"), QStringLiteral("Other"), QStringLiteral("oidc"), {}, {}};
    config.providers = {github, other};
    const QList<ScriptCallbacks::FunctionUse> uses = scriptFunctionUses(config, ServerSettings());
    QCOMPARE(uses.size(), 2);
    QCOMPARE(uses.at(0).path, QStringLiteral("providers[0].profile"));
    QCOMPARE(uses.at(1).path, QStringLiteral("providers[0].account"));
    QCOMPARE(uses.at(1).function, QStringLiteral("keepAccessToken"));
    bindScript(script(), config, ServerSettings());
    QVERIFY(config.providers[0].profile && config.providers[0].account);
    QVERIFY(!config.providers[1].profile && !config.providers[1].account);

    const auto user = config.providers[0].profile({{"id", 7}, {"login", "octo"}, {"email", "octo@example.test"}},
                                                  {{"token_type", "bearer"}});
    QVERIFY(settle(user));
    QCOMPARE(user.result(), QJsonObject({{"id", 7}, {"name", "octo"}, {"email", "octo@example.test"},
                                         {"image", "https://cdn.test/bearer"}}));
    const auto account = config.providers[0].account({{"access_token", "at"}, {"refresh_token", "rt"}});
    QVERIFY(settle(account));
    QCOMPARE(account.result(), QJsonObject({{"access_token", "at"}, {"scope", "repo"}}));
}

void TestScriptCallbacks::failingProviderCallbacks()
{
    Config config;
    config.providers = {Provider{QStringLiteral("github"), QStringLiteral("GitHub"), QStringLiteral("oauth"),
                                 {{"profile", "profileThrows"}, {"account", "accountNotObject"}}, {}}};
    bindScript(script(), config, ServerSettings());
    const auto user = config.providers[0].profile({{"id", 7}}, {});
    const auto account = config.providers[0].account({});
    QVERIFY(settle(user));
    QVERIFY(settle(account));
    const auto messageOf = [](auto future) {
        try {
            future.waitForFinished();
        } catch (const AuthError &e) {
            return e.message();
        }
        return QStringLiteral("(did not fail)");
    };
    const QString profileError = messageOf(user);
    QVERIFY2(profileError.startsWith("profileThrows threw: Error: profile has no login"), qPrintable(profileError));
    QCOMPARE(messageOf(account), QStringLiteral("accountNotObject must return an object"));
}

void TestScriptCallbacks::jsonConversion()
{
    const ScriptCallbacks callbacks = script();
    const QJsonObject value{{"n", 1.5}, {"s", "text"}, {"b", true}, {"null", QJsonValue()}, {"list", QJsonArray{1, "2"}},
                            {"nested", QJsonObject{{"deep", QJsonArray{QJsonObject{{"x", 1}}}}}}};
    QCOMPARE(callbacks.call(QStringLiteral("echo"), {value}).result(), QJsonValue(value));
    QCOMPARE(callbacks.call(QStringLiteral("echo"), {}).result(), QJsonValue());   // undefined -> null
    QCOMPARE(callbacks.call(QStringLiteral("shapes"), {}).result(),
             QJsonValue(QJsonObject{{"date", "1970-01-01T00:00:00.000Z"}, {"list", QJsonArray{1, "two", QJsonValue()}}}));
}

void TestScriptCallbacks::runawayScript_data()
{
    QTest::addColumn<QString>("function");
    QTest::addColumn<QString>("message");
    QTest::newRow("endless loop") << QStringLiteral("spin") << QStringLiteral("spin ran for more than 300 ms and was interrupted");
    QTest::newRow("endless loop in a Promise job") << QStringLiteral("spinLater")
                                                   << QStringLiteral("spinLater did not settle within 300 ms");
    QTest::newRow("Promise that never settles") << QStringLiteral("forever")
                                                << QStringLiteral("forever did not settle within 300 ms");
}

void TestScriptCallbacks::runawayScript()
{
    QFETCH(QString, function);
    QFETCH(QString, message);
    const ScriptCallbacks callbacks = script(300ms);
    if (function.startsWith(QLatin1String("spin")))
        QTest::ignoreMessage(QtWarningMsg, "a thread running JavaScript callbacks was busy for more than 300 ms; interrupted its JavaScript");
    if (function == QLatin1String("spinLater"))
        QTest::ignoreMessage(QtWarningMsg, "extra.js: a Promise job was interrupted");
    const QFuture<QJsonValue> future = callbacks.call(function, {});
    QVERIFY(settle(future));
    QCOMPARE(failureMessage(future), QStringLiteral("ScriptError: ") + message);
    // The thread and its engine are usable again.
    QCOMPARE(callbacks.call(QStringLiteral("echo"), {QJsonValue(42)}).result(), QJsonValue(42));
}

void TestScriptCallbacks::runawayTopLevel()
{
    const QString path = m_dir.filePath(QStringLiteral("hang.js"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("function authorize() { return null; }\nwhile (true) {}\n");
    file.close();
    QTest::ignoreMessage(QtWarningMsg, "a thread running JavaScript callbacks was busy for more than 200 ms; interrupted its JavaScript");
    const ScriptCallbacks callbacks(path, 200ms);
    QCOMPARE(callbacks.check({}), (QList<ConfigProblem>{{QStringLiteral("callbacksScript"),
                                                         QStringLiteral("hang.js: loading took more than 200 ms and was interrupted")}}));
}

void TestScriptCallbacks::perThreadEngines()
{
    // Each thread with an event loop has its own engine and so its own global state; threads
    // without one (this test function's) share the script thread's engine.
    const ScriptCallbacks callbacks = script();
    QCOMPARE(callbacks.call(QStringLiteral("countCalls"), {}).result(), QJsonValue(1));
    QCOMPARE(callbacks.call(QStringLiteral("countCalls"), {}).result(), QJsonValue(2));
    WorkerThread worker(callbacks, QStringLiteral("countCalls"));
    worker.start();
    QVERIFY(worker.wait(10000));
    QCOMPARE(worker.error, QString());
    QCOMPARE(worker.result, QJsonValue(1));
    QCOMPARE(callbacks.call(QStringLiteral("countCalls"), {}).result(), QJsonValue(3));
}

void TestScriptCallbacks::lastCopyEndsEnginesOfRunningThreads()
{
    // A configuration reload drops a script while the serving threads go on: each of its
    // engines is deleted by its thread's event loop (a call still pending there fails at once
    // instead of waiting out its time limit), and the thread goes on serving.
    QThread serving;
    serving.start();
    QObject context;
    context.moveToThread(&serving);
    std::optional<ScriptCallbacks> callbacks = script(60s);
    QFuture<QJsonValue> pending;
    QMetaObject::invokeMethod(&context, [&] { pending = callbacks->call(QStringLiteral("forever"), {}); },
                              Qt::BlockingQueuedConnection);
    QVERIFY(!pending.isFinished());

    callbacks.reset();  // the last copy
    QTRY_VERIFY_WITH_TIMEOUT(pending.isFinished(), 10000);
    QString error;
    try {
        pending.waitForFinished();
    } catch (const ScriptError &e) {
        error = e.message();
    }
    QVERIFY2(error.contains(QLatin1String("shut down")), qPrintable(error));

    const ScriptCallbacks next = script();
    QJsonValue result;
    QMetaObject::invokeMethod(&context, [&] { result = next.call(QStringLiteral("countCalls"), {}).result(); },
                              Qt::BlockingQueuedConnection);
    QCOMPARE(result, QJsonValue(1));
    serving.quit();
    QVERIFY(serving.wait(10000));
}

void TestScriptCallbacks::promiseOnWorkerThread()
{
    // A Promise settles from the event loop of the thread whose engine runs it.
    const ScriptCallbacks callbacks = script();
    WorkerThread fulfilled(callbacks, QStringLiteral("authorizeLater"), {QJsonObject{{"username", "bob"}}});
    WorkerThread rejected(callbacks, QStringLiteral("authorizeRejects"));
    fulfilled.start();
    rejected.start();
    QVERIFY(fulfilled.wait(10000));
    QVERIFY(rejected.wait(10000));
    QCOMPARE(fulfilled.error, QString());
    QCOMPARE(fulfilled.result, QJsonValue(QJsonObject{{"id", "2"}, {"name", "Bob"}}));
    QVERIFY2(rejected.error.startsWith(QStringLiteral("authorizeRejects rejected: Error: no such user")),
             qPrintable(rejected.error));
}

void TestScriptCallbacks::callFromThreadPool()
{
    // Storage continuations run on pool threads without an event loop; a Promise still settles.
    const ScriptCallbacks callbacks = script();
    QThreadPool pool;
    QFuture<QJsonValue> future;
    pool.start([&] { future = callbacks.call(QStringLiteral("authorizeLater"), {QJsonObject{{"username", "bob"}}}); });
    QVERIFY(pool.waitForDone(10000));
    QCOMPARE(future.result(), QJsonValue(QJsonObject{{"id", "2"}, {"name", "Bob"}}));
}

void TestScriptCallbacks::check_data()
{
    QTest::addColumn<QByteArray>("source");
    QTest::addColumn<QStringList>("functions");
    QTest::addColumn<QStringList>("expected");

    QTest::newRow("all present") << QByteArray("function authorize() {}\nfunction jwt(p) { return p.token; }\n")
                                 << QStringList{"authorize", "jwt"} << QStringList();
    QTest::newRow("missing function") << QByteArray("function authorise() {}\n") << QStringList{"authorize"}
        << QStringList{"providers[0].authorize: function 'authorize' not found in check.js"};
    QTest::newRow("not a function") << QByteArray("var authorize = 5;\n") << QStringList{"authorize"}
        << QStringList{"providers[0].authorize: function 'authorize' not found in check.js"};
    QTest::newRow("syntax error") << QByteArray("function authorize() {\n  return {;\n}\n") << QStringList{"authorize"}
        << QStringList{"callbacksScript: check.js:2: SyntaxError: Unexpected token `;'"};
    QTest::newRow("exception at load") << QByteArray("function authorize() {}\nundefinedThing.call();\n")
                                       << QStringList{"authorize"}
        << QStringList{"callbacksScript: check.js:2: ReferenceError: undefinedThing is not defined"};
}

void TestScriptCallbacks::check()
{
    QFETCH(QByteArray, source);
    QFETCH(QStringList, functions);
    QFETCH(QStringList, expected);
    const QString path = m_dir.filePath(QStringLiteral("check.js"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(source);
    file.close();

    QList<ScriptCallbacks::FunctionUse> uses;
    for (qsizetype i = 0; i < functions.size(); ++i)
        uses.append({i == 0 ? QStringLiteral("providers[0].authorize") : QStringLiteral("callbacks.jwt"), functions.at(i)});
    QStringList problems;
    for (const ConfigProblem &problem : ScriptCallbacks(path, 2000ms).check(uses))
        problems.append(problem.toString());
    QCOMPARE(problems, expected);
}

void TestScriptCallbacks::console()
{
    QTest::ignoreMessage(QtInfoMsg, "extra.js hello {\"a\":1} 2");
    QCOMPARE(script().call(QStringLiteral("logSomething"), {}).result(), QJsonValue());
}

void TestScriptCallbacks::callbacks()
{
    ServerSettings settings;
    settings.callbackFunctions = {{"signIn", "allowSignIn"}, {"jwt", "addRole"}, {"session", "addSessionField"},
                                  {"redirect", "onlyHttps"}, {"authorized", "guard"}};
    Config config;
    bindScript(script(), config, settings);

    SignInParams signIn;
    signIn.user = {{"email", "ok@example.test"}};
    QCOMPARE(config.callbacks.signIn(signIn).result().allow, true);
    signIn.user = {{"email", "go@example.test"}};
    QCOMPARE(config.callbacks.signIn(signIn).result().redirectTo, QStringLiteral("/welcome"));
    signIn.user = {{"email", "no@example.test"}};
    QCOMPARE(config.callbacks.signIn(signIn).result().allow, false);

    JwtParams jwt;
    jwt.token = {{"sub", "1"}};
    jwt.trigger = QStringLiteral("signIn");
    QCOMPARE(config.callbacks.jwt(jwt).result(), std::optional<QJsonObject>(QJsonObject{{"sub", "1"}, {"role", "admin"}}));

    SessionParams session;
    session.session = {{"expires", "2030-01-01T00:00:00.000Z"}};
    session.token = {{"role", "admin"}};
    QCOMPARE(config.callbacks.session(session).result(),
             (QJsonObject{{"expires", "2030-01-01T00:00:00.000Z"}, {"role", "admin"}}));

    QCOMPARE(config.callbacks.redirect({QStringLiteral("http://evil.test/"), QStringLiteral("https://app.test")}).result(),
             QStringLiteral("https://app.test"));

    AuthorizedParams authorized;
    authorized.request = request();
    authorized.auth = QJsonObject{{"user", QJsonObject{{"name", "A"}}}};
    AuthorizedDecision decision = config.callbacks.authorized(authorized).result();
    QVERIFY(decision.allow);
    QVERIFY(!decision.response);
    authorized.auth.reset();
    decision = config.callbacks.authorized(authorized).result();
    QVERIFY(!decision.allow);
    QVERIFY(decision.response.has_value());
    QCOMPARE(decision.response->status, 403);
    QCOMPARE(decision.response->header("content-type"), QByteArray("application/json"));
    const QByteArray body = R"({"error":"forbidden","path":"http://127.0.0.1:3000/auth/callback/credentials"})";
    QCOMPARE(decision.response->body, body);

    // twoFactor: the step's name, null for the proposal; anything else refuses the sign-in.
    settings.callbackFunctions = {{"twoFactor", "officeOnly"}};
    bindScript(script(), config, settings);
    TwoFactorParams step;
    step.user = {{"email", "a@example.test"}};
    step.account = {{"provider", "kiosk"}};
    step.enrolled = true;
    step.proposed = SecondStep::Code;
    QCOMPARE(config.callbacks.twoFactor(step).result(), SecondStep::None);
    step.account = {{"provider", "credentials"}};
    QCOMPARE(config.callbacks.twoFactor(step).result(), SecondStep::Code);
    step.enrolled = false;
    step.proposed = SecondStep::None;
    QCOMPARE(config.callbacks.twoFactor(step).result(), SecondStep::Code);
    step.user = {{"email", "keep@example.test"}};
    step.proposed = SecondStep::Enrolment;
    QCOMPARE(config.callbacks.twoFactor(step).result(), SecondStep::Enrolment);
    step.user = {{"email", "odd@example.test"}};
    QVERIFY(failureMessage(config.callbacks.twoFactor(step)).startsWith(QStringLiteral("AccessDenied: ")));

    settings.callbackFunctions = {{"signIn", "brokenSignIn"}, {"jwt", "dropToken"}};
    bindScript(script(), config, settings);
    const QFuture<SignInDecision> broken = config.callbacks.signIn(signIn);
    QCOMPARE(failureMessage(broken).section(u'(', 0, 0),
             QStringLiteral("AccessDenied: brokenSignIn threw: Error: signIn exploded "));
    QCOMPARE(config.callbacks.jwt(jwt).result(), std::nullopt);
}

void TestScriptCallbacks::events()
{
    ServerSettings settings;
    settings.eventFunctions = {{"signIn", "onSignIn"}};
    Config config;
    const ScriptCallbacks callbacks = script();
    bindScript(callbacks, config, settings);
    QVERIFY(!config.events.signOut);
    const QJsonObject message{{"user", QJsonObject{{"id", "1"}}}, {"account", QJsonValue()}};
    config.events.signIn(message);
    QCOMPARE(callbacks.call(QStringLiteral("lastSignInEvent"), {}).result(), QJsonValue(message));
}

QTEST_GUILESS_MAIN(TestScriptCallbacks)
#include "tst_scriptcallbacks.moc"
