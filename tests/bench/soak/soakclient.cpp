// Mixed traffic for the soak (soak.sh runs it against gatehouse-server):
//
//   soakclient --base http://127.0.0.1:PORT --seconds 300 [--users 8] [--requests 5000000]
//
// Each virtual user has its own cookie jar and loops: GET /auth/csrf, sign in with the
// credentials form, read the session a few times, send one bad request (a rotating kind),
// sign out, read the session once more (signed out). Every answer is checked against what a
// browser would get; the run ends after --seconds or --requests, whichever comes first.
// Prints the requests by kind and the unexpected answers; exits 1 if there were any.
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QDeadlineTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkCookieJar>
#include <QNetworkReply>
#include <QTimer>
#include <QUrlQuery>

#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <vector>

namespace {

struct Tally
{
    qint64 expected = 0;
    qint64 unexpected = 0;
    QString firstUnexpected;
};

//! The run's shared state: where to send, when to stop, what was counted.
struct Run
{
    QString base;
    QDeadlineTimer deadline;
    qint64 requestBudget = 0;
    qint64 requestsSent = 0;
    std::map<QString, Tally> tallies;
    int usersRunning = 0;

    bool stopping() const { return deadline.hasExpired() || requestsSent >= requestBudget; }
    void count(const QString &kind, bool asExpected, const QString &what)
    {
        Tally &tally = tallies[kind];
        if (asExpected) {
            ++tally.expected;
        } else {
            ++tally.unexpected;
            if (tally.firstUnexpected.isEmpty())
                tally.firstUnexpected = what;
        }
    }
};

//! What came back, read before the reply is deleted.
struct Answer
{
    int status = 0;
    QByteArray location;
    QByteArray body;
    QString error;   //!< transport error (timeout, refused), empty when an HTTP answer came
    QString describe() const
    {
        return error.isEmpty() ? QStringLiteral("HTTP %1 %2 %3")
                                     .arg(status)
                                     .arg(QString::fromLatin1(location), QString::fromUtf8(body.left(120)))
                               : error;
    }
};

QJsonObject sessionUser(const QByteArray &body)
{
    return QJsonDocument::fromJson(body).object().value(QStringLiteral("user")).toObject();
}

class VirtualUser
{
public:
    VirtualUser(Run &run, int number) : m_run(run), m_number(number) {}

    void start() { ++m_run.usersRunning; fetchCsrf(); }

private:
    static constexpr int sessionReadsPerCycle = 5;
    static constexpr int badKinds = 5;

    using Check = std::function<bool(const Answer &)>;

    QNetworkRequest request(const QString &path) const
    {
        QNetworkRequest request(QUrl(m_run.base + path));
        request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
        request.setTransferTimeout(10000);
        return request;
    }
    static QNetworkRequest form(QNetworkRequest request)
    {
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/x-www-form-urlencoded"));
        return request;
    }
    QByteArray formBody(const QList<std::pair<QString, QString>> &fields) const
    {
        QUrlQuery query;
        for (const auto &[name, value] : fields)
            query.addQueryItem(name, QString::fromLatin1(QUrl::toPercentEncoding(value)));
        return query.toString(QUrl::FullyEncoded).toUtf8();
    }

    //! Counts the answer to \a reply as \a kind, then goes on with \a next (unless the run ends).
    void expect(QNetworkReply *reply, const QString &kind, Check check, std::function<void(const Answer &)> next)
    {
        ++m_run.requestsSent;
        QObject::connect(reply, &QNetworkReply::finished, reply, [this, reply, kind, check, next] {
            reply->deleteLater();
            Answer answer;
            answer.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            answer.location = reply->rawHeader("Location");
            answer.body = reply->readAll();
            if (answer.status == 0)
                answer.error = reply->errorString();
            const bool ok = answer.error.isEmpty() && check(answer);
            m_run.count(kind, ok, answer.describe());
            if (m_run.stopping()) {
                if (--m_run.usersRunning == 0)
                    QCoreApplication::quit();
                return;
            }
            next(answer);
        });
    }

    void fetchCsrf()
    {
        expect(m_nam.get(request(QStringLiteral("/auth/csrf"))), QStringLiteral("csrf"),
               [](const Answer &a) {
                   return a.status == 200 && !QJsonDocument::fromJson(a.body).object().value(QStringLiteral("csrfToken")).toString().isEmpty();
               },
               [this](const Answer &a) {
                   m_csrf = QJsonDocument::fromJson(a.body).object().value(QStringLiteral("csrfToken")).toString();
                   signIn();
               });
    }

    void signIn()
    {
        const QByteArray body = formBody({{QStringLiteral("csrfToken"), m_csrf},
                                          {QStringLiteral("username"), QStringLiteral("alice")},
                                          {QStringLiteral("password"), QStringLiteral("alice-password")},
                                          {QStringLiteral("callbackUrl"), m_run.base + QStringLiteral("/")}});
        expect(m_nam.post(form(request(QStringLiteral("/auth/callback/credentials"))), body), QStringLiteral("sign-in"),
               [](const Answer &a) { return a.status == 302 && !a.location.contains("error"); },
               [this](const Answer &) { readSession(sessionReadsPerCycle); });
    }

    void readSession(int left)
    {
        expect(m_nam.get(request(QStringLiteral("/auth/session"))), QStringLiteral("session read"),
               [](const Answer &a) {
                   return a.status == 200
                       && sessionUser(a.body).value(QStringLiteral("email")).toString() == QLatin1String("alice@example.test");
               },
               [this, left](const Answer &) {
                   if (left > 1)
                       readSession(left - 1);
                   else
                       badRequest();
               });
    }

    //! One request a browser should not send; it must get an error answer and change nothing.
    void badRequest()
    {
        const int kind = (m_cycle + m_number) % badKinds;
        const auto next = [this](const Answer &) { signOut(); };
        switch (kind) {
        case 0: { // a wrong password: back to the sign-in page with CredentialsSignin
            const QByteArray body = formBody({{QStringLiteral("csrfToken"), m_csrf},
                                              {QStringLiteral("username"), QStringLiteral("alice")},
                                              {QStringLiteral("password"), QStringLiteral("wrong-password")}});
            expect(m_nam.post(form(request(QStringLiteral("/auth/callback/credentials"))), body),
                   QStringLiteral("bad: wrong password"),
                   [](const Answer &a) { return a.status == 302 && a.location.contains("error=CredentialsSignin"); }, next);
            break;
        }
        case 1: { // a forged session cookie: signed out, nothing else
            QNetworkRequest forged = request(QStringLiteral("/auth/session"));
            forged.setAttribute(QNetworkRequest::CookieLoadControlAttribute, QNetworkRequest::Manual);
            forged.setAttribute(QNetworkRequest::CookieSaveControlAttribute, QNetworkRequest::Manual);
            forged.setRawHeader("Cookie", "authjs.session-token=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2Q0JDLUhTNTEyIn0..forged."
                                          + QByteArray::number(m_cycle) + ".x");
            expect(m_nam.get(forged), QStringLiteral("bad: forged session cookie"),
                   [](const Answer &a) { return a.status == 200 && sessionUser(a.body).isEmpty(); }, next);
            break;
        }
        case 2: { // sign-out without the CSRF token: refused, the session stays
            expect(m_nam.post(form(request(QStringLiteral("/auth/signout"))), QByteArray()),
                   QStringLiteral("bad: sign-out without CSRF token"),
                   [](const Answer &a) { return a.status == 302 && a.location.contains("error=MissingCSRF"); }, next);
            break;
        }
        case 3: { // an action that does not exist
            expect(m_nam.get(request(QStringLiteral("/auth/no-such-action"))), QStringLiteral("bad: unknown action"),
                   [](const Answer &a) { return a.status == 400; }, next);
            break;
        }
        default: { // a body that is not a form, under a form content type
            QByteArray junk("\xff\xfe%zz&&=&csrfToken=%%%");
            junk += QByteArray(512 + m_cycle % 512, '\x01');
            expect(m_nam.post(form(request(QStringLiteral("/auth/callback/credentials"))), junk),
                   QStringLiteral("bad: malformed form body"),
                   [](const Answer &a) { return a.status == 302 && a.location.contains("error="); }, next);
            break;
        }
        }
    }

    void signOut()
    {
        const QByteArray body = formBody({{QStringLiteral("csrfToken"), m_csrf}});
        expect(m_nam.post(form(request(QStringLiteral("/auth/signout"))), body), QStringLiteral("sign-out"),
               [](const Answer &a) { return a.status == 302 && !a.location.contains("error"); },
               [this](const Answer &) { readSignedOut(); });
    }

    void readSignedOut()
    {
        expect(m_nam.get(request(QStringLiteral("/auth/session"))), QStringLiteral("session read (signed out)"),
               [](const Answer &a) { return a.status == 200 && sessionUser(a.body).isEmpty(); },
               [this](const Answer &) {
                   ++m_cycle;
                   fetchCsrf();
               });
    }

    Run &m_run;
    const int m_number;
    QNetworkAccessManager m_nam;
    QString m_csrf;
    int m_cycle = 0;
};

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Mixed sign-in traffic for the gatehouse-server soak"));
    parser.addHelpOption();
    const QCommandLineOption baseOption(QStringLiteral("base"), QStringLiteral("Server URL (loopback)"), QStringLiteral("url"));
    const QCommandLineOption secondsOption(QStringLiteral("seconds"), QStringLiteral("Run time"), QStringLiteral("s"),
                                           QStringLiteral("60"));
    const QCommandLineOption usersOption(QStringLiteral("users"), QStringLiteral("Concurrent virtual users"),
                                         QStringLiteral("n"), QStringLiteral("8"));
    const QCommandLineOption requestsOption(QStringLiteral("requests"), QStringLiteral("At most this many requests"),
                                            QStringLiteral("n"), QStringLiteral("5000000"));
    parser.addOptions({baseOption, secondsOption, usersOption, requestsOption});
    parser.process(app);

    const QUrl base(parser.value(baseOption));
    if (!base.isValid() || (base.host() != QLatin1String("127.0.0.1") && base.host() != QLatin1String("localhost"))) {
        std::fprintf(stderr, "soakclient: --base must be a loopback URL\n");
        return 2;
    }
    Run run;
    run.base = base.toString(QUrl::StripTrailingSlash);
    run.deadline = QDeadlineTimer(qint64(parser.value(secondsOption).toDouble() * 1000));
    run.requestBudget = parser.value(requestsOption).toLongLong();
    // A last guard: the run ends even if answers stop coming.
    QTimer::singleShot(qint64(parser.value(secondsOption).toDouble() * 1000) + 30000, &app, [] {
        std::fprintf(stderr, "soakclient: answers stopped coming\n");
        QCoreApplication::exit(1);
    });

    std::vector<std::unique_ptr<VirtualUser>> users;
    for (int i = 0; i < parser.value(usersOption).toInt(); ++i)
        users.push_back(std::make_unique<VirtualUser>(run, i));
    const qint64 started = QDateTime::currentMSecsSinceEpoch();
    for (auto &user : users)
        user->start();
    const int status = app.exec();
    const double seconds = (QDateTime::currentMSecsSinceEpoch() - started) / 1000.0;

    qint64 total = 0, unexpected = 0;
    std::printf("%-34s %12s %11s\n", "kind", "as expected", "unexpected");
    for (const auto &[kind, tally] : run.tallies) {
        std::printf("%-34s %12lld %11lld\n", qPrintable(kind), tally.expected, tally.unexpected);
        total += tally.expected + tally.unexpected;
        unexpected += tally.unexpected;
    }
    std::printf("%-34s %12lld in %.0f s (%.0f req/s)\n", "total", total, seconds, total / seconds);
    for (const auto &[kind, tally] : run.tallies) {
        if (tally.unexpected)
            std::printf("first unexpected answer to %s: %s\n", qPrintable(kind), qPrintable(tally.firstUnexpected));
    }
    return status != 0 ? status : (unexpected ? 1 : 0);
}
