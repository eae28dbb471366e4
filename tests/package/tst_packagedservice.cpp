// The packaged gatehouse-server started the way gatehouse.service starts it: the .deb files
// extracted into a scratch root, the unit's ExecStart= line run with the packaged default
// configuration as an unprivileged user, in a mount namespace whose /var/lib/gatehouse is a fresh
// state folder (StateDirectory=), with the secret the package's postinst makes handed over as a
// credential (LoadCredential=) and the unit's Environment=. /readyz answers 200, a person signs
// in with a built-in password, and in JSON mode every log line is a JSON object.
#include "serverharness.h"
#include "support/serverprocess.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace Gatehouse::Testing;

namespace {

const QString packages = QStringLiteral(GATEHOUSE_PACKAGES_DIR);

QString debFile(const QString &package)
{
    const QStringList found = QDir(packages).entryList({package + QStringLiteral("_*.deb")}, QDir::Files);
    return found.isEmpty() ? QString() : QDir(packages).filePath(found.first());
}

bool run(const QString &program, const QStringList &arguments, QString *output = nullptr,
         const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment())
{
    QProcess process;
    process.setProcessEnvironment(env);
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(program, arguments);
    const bool ok = process.waitForFinished(60000) && process.exitStatus() == QProcess::NormalExit
        && process.exitCode() == 0;
    if (output)
        *output = QString::fromUtf8(process.readAll());
    return ok;
}

//! The values of \a key in the [Service] section of the unit file \a text, in order.
QStringList unitValues(const QString &text, const QString &key)
{
    QStringList values;
    for (const QString &line : text.split(u'\n')) {
        if (line.startsWith(key + u'='))
            values << line.mid(key.size() + 1);
    }
    return values;
}

} // namespace

class TestPackagedService : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void startsAsTheUnitSays();
};

void TestPackagedService::initTestCase()
{
    if (!runningAsRoot())
        QSKIP("starting the service as another user in a mount namespace needs root");
    for (const char *tool : {"unshare", "setpriv", "dpkg-deb"}) {
        if (QStandardPaths::findExecutable(QLatin1String(tool)).isEmpty())
            QSKIP(qPrintable(QStringLiteral("%1 is not installed").arg(QLatin1String(tool))));
    }
    QVERIFY2(!debFile(QStringLiteral("gatehouse-server")).isEmpty(), "no gatehouse-server package: run package_build");
}

void TestPackagedService::startsAsTheUnitSays()
{
    QTemporaryDir scratch;
    QVERIFY(scratch.isValid());
    QVERIFY(QFile::setPermissions(scratch.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner
                                                      | QFile::ReadOther | QFile::ExeOther));
    const QString root = scratch.filePath(QStringLiteral("root"));
    for (const QString &package : {QStringLiteral("gatehouse-server"), QStringLiteral("libgatehouse0")})
        QVERIFY(run(QStringLiteral("dpkg-deb"), {QStringLiteral("-x"), debFile(package), root}));

    // The package's first configuration makes the secret (debhelper's parts stubbed out).
    const QString control = scratch.filePath(QStringLiteral("control"));
    QVERIFY(run(QStringLiteral("dpkg-deb"), {QStringLiteral("-e"), debFile(QStringLiteral("gatehouse-server")), control}));
    const QString stubs = scratch.filePath(QStringLiteral("stubs"));
    QDir().mkpath(stubs);
    for (const QString &tool : {QStringLiteral("systemd-sysusers"), QStringLiteral("deb-systemd-helper"),
                                QStringLiteral("deb-systemd-invoke"), QStringLiteral("systemctl")}) {
        QFile stub(QDir(stubs).filePath(tool));
        QVERIFY(stub.open(QIODevice::WriteOnly));
        stub.write("#!/bin/sh\nexit 0\n");
        stub.close();
        stub.setPermissions(QFile::ReadOwner | QFile::ExeOwner);
    }
    QProcessEnvironment postinstEnv = QProcessEnvironment::systemEnvironment();
    postinstEnv.insert(QStringLiteral("DPKG_ROOT"), root);
    postinstEnv.insert(QStringLiteral("PATH"), stubs + u':' + postinstEnv.value(QStringLiteral("PATH")));
    QString output;
    QVERIFY2(run(QDir(control).filePath(QStringLiteral("postinst")), {QStringLiteral("configure"), QString()}, &output,
                 postinstEnv),
             qPrintable(output));

    QFile unitFile(root + QStringLiteral("/lib/systemd/system/gatehouse.service"));
    QVERIFY(unitFile.open(QIODevice::ReadOnly));
    const QString unit = QString::fromUtf8(unitFile.readAll());
    const QStringList execStart = unitValues(unit, QStringLiteral("ExecStart")).value(0).split(u' ', Qt::SkipEmptyParts);
    QCOMPARE(execStart.value(0), QStringLiteral("/usr/bin/gatehouse-server"));
    QCOMPARE(unitValues(unit, QStringLiteral("StateDirectory")), QStringList{QStringLiteral("gatehouse")});
    QCOMPARE(unitValues(unit, QStringLiteral("WorkingDirectory")), QStringList{QStringLiteral("/var/lib/gatehouse")});

    // LoadCredential=NAME:PATH: systemd copies the root-only file where only the service reads it.
    const QString credentials = scratch.filePath(QStringLiteral("credentials"));
    QDir().mkpath(credentials);
    const auto nobody = systemAccount(QStringLiteral("nobody"));
    QVERIFY(nobody);
    for (const QString &credential : unitValues(unit, QStringLiteral("LoadCredential"))) {
        const QString name = credential.section(u':', 0, 0);
        const QString target = QDir(credentials).filePath(name);
        QVERIFY2(QFile::copy(root + credential.section(u':', 1), target), qPrintable(credential));
        QFile::setPermissions(target, QFile::ReadOwner);
    }
    QVERIFY(giveTo(credentials, *nobody));
    QFile::setPermissions(credentials, QFile::ReadOwner | QFile::ExeOwner);

    // ExecStart= with the scratch root in front of the package's paths, on a free port, JSON log.
    QStringList command;
    for (const QString &word : execStart)
        command << (word.startsWith(QLatin1String("/usr/")) || word.startsWith(QLatin1String("/etc/")) ? root + word : word);
    const quint16 port = freeLoopbackPort();
    command << QStringLiteral("--listen") << QStringLiteral("127.0.0.1:%1").arg(port) << QStringLiteral("--log-format")
            << QStringLiteral("json");
    const QString configFile = command.at(command.indexOf(QStringLiteral("--config")) + 1);

    // The user's environment: what the unit sets, the library from the root, the credentials.
    QStringList environment = {QStringLiteral("LD_LIBRARY_PATH=%1/usr/lib/%2").arg(root, QStringLiteral(GATEHOUSE_MULTIARCH)),
                               QStringLiteral("CREDENTIALS_DIRECTORY=") + credentials,
                               QStringLiteral("PATH=/usr/bin:/bin"), QStringLiteral("HOME=/var/lib/gatehouse")};
    for (const QString &assignment : unitValues(unit, QStringLiteral("Environment")))
        environment << assignment;
    const QString asService = QStringLiteral("setpriv --reuid=%1 --regid=%2 --clear-groups --no-new-privs -- env -i %3")
                                  .arg(nobody->uid).arg(nobody->gid).arg(environment.join(u' '));
    const QString server = command.first();
    // In a mount namespace of its own: /var/lib is a fresh tmpfs with the state folder in it.
    const QString script = QStringLiteral(
        "set -e\n"
        "mount -t tmpfs -o mode=0755 gatehouse-state /var/lib\n"
        "mkdir -m 0750 /var/lib/gatehouse && chown %1:%2 /var/lib/gatehouse\n"
        "cd /var/lib/gatehouse\n"
        "%3 %4 migrate --config %5 >&2\n"
        "printf '%s\\n' \"$PASSWORD\" | %3 %4 user add packaged@example.test --password-stdin --config %5 >&2\n"
        "umask 0077\n"
        "exec %3 %6\n")
        .arg(nobody->uid).arg(nobody->gid).arg(asService, server, configFile, command.join(u' '));

    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    const QString password = QStringLiteral("packaged-password-4711");
    env.insert(QStringLiteral("PASSWORD"), password);
    process.setProcessEnvironment(env);
    prepareChild(process, std::nullopt);
    process.start(QStringLiteral("unshare"), {QStringLiteral("--mount"), QStringLiteral("--propagation"),
                                              QStringLiteral("private"), QStringLiteral("sh"), QStringLiteral("-c"), script});
    QVERIFY(process.waitForStarted());
    Browser browser(QStringLiteral("http://127.0.0.1:%1").arg(port));
    QString log;
    const auto readLog = [&] { log += QString::fromUtf8(process.readAllStandardError()); return log; };
    QTRY_VERIFY2_WITH_TIMEOUT(readLog().contains(QStringLiteral("listening on"))
                                  || process.state() != QProcess::Running,
                              qPrintable(readLog()), 30000);
    QVERIFY2(process.state() == QProcess::Running, qPrintable(readLog()));

    // As an unprivileged user: not root.
    QFile status(QStringLiteral("/proc/%1/status").arg(process.processId()));
    QVERIFY(status.open(QIODevice::ReadOnly));
    QVERIFY2(QString::fromLatin1(status.readAll()).contains(QStringLiteral("\nUid:\t%1\t").arg(nobody->uid)),
             "the server does not run as nobody");

    auto [code, body] = browser.get(QStringLiteral("/readyz"));
    QVERIFY2(code == 200, body.constData());
    QCOMPARE(browser.get(QStringLiteral("/healthz")).first, 200);
    const QString location = browser.signIn(QStringLiteral("credentials"),
                                            {{QStringLiteral("email"), QStringLiteral("packaged@example.test")},
                                             {QStringLiteral("password"), password}});
    QVERIFY2(!location.contains(QStringLiteral("error")), qPrintable(location + readLog()));
    QCOMPARE(browser.sessionUser().value(QStringLiteral("email")).toString(), QStringLiteral("packaged@example.test"));

    ::kill(pid_t(process.processId()), SIGTERM);
    QVERIFY(process.waitForFinished(15000));
    QCOMPARE(process.exitCode(), 0);
    readLog();
    int jsonLines = 0;
    for (const QString &line : log.split(u'\n', Qt::SkipEmptyParts)) {
        if (!line.startsWith(u'{'))
            continue;   // the migrate and user commands' own output, before the server starts
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(line.toUtf8(), &error);
        QVERIFY2(error.error == QJsonParseError::NoError && document.isObject(), qPrintable(line));
        ++jsonLines;
    }
    QVERIFY2(jsonLines > 5 && log.contains(QStringLiteral("\"path\":\"/auth/callback/credentials\"")), qPrintable(log));
    const QString lastLine = log.trimmed().section(u'\n', -1);
    QVERIFY2(lastLine.contains(QStringLiteral("\"message\":\"stopped\"")), qPrintable(lastLine));
}

QTEST_GUILESS_MAIN(TestPackagedService)
#include "tst_packagedservice.moc"
