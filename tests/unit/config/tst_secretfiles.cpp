// Secrets read from files: secretFile, clientSecretFile, apiKeyFile, adapter.passwordFile in the
// JSON; NAME_FILE and systemd credentials ($CREDENTIALS_DIRECTORY/NAME) in the environment. The
// rules an operator relies on: which source wins, what a file's value is, and an error that
// names the key and the file when one cannot be read.
#include <gatehouse/serversettings.h>

#include "problemtexts.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace Gatehouse;
using namespace Gatehouse::Testing;

namespace {

const QString secretA = QStringLiteral("secret-from-a-file-0123456789abcdefghij");
const QString secretB = QStringLiteral("older-secret-from-a-file-0123456789abcdef");

// A function, not QStringLiteral: moc reads "//" in a raw string inside a macro as a comment.
QString text(const char *utf8)
{
    return QString::fromUtf8(utf8);
}

} // namespace

class TestSecretFiles : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void secretFile();
    void secretFileList();
    void secretFileRelativeToConfiguration();
    void lineEndIsNotPartOfTheValue();
    void secretAndSecretFileTogether();
    void unreadableFileNamesKeyAndReason();
    void emptyFile();
    void readableByEveryone();
    void environmentFileVariable();
    void environmentValueAndFileTogether();
    void credentialsDirectory();
    void credentialAndVariableTogether();
    void credentialsIgnoreOtherNames();
    void clientSecretFile();
    void clientSecretFileAndValueTogether();
    void providerSecretFromCredential();
    void apiKeyFile();
    void databasePassword();
    void noSecretAnywhere();

private:
    QString write(const QString &name, const QByteArray &contents, QFile::Permissions mode = QFile::ReadOwner | QFile::WriteOwner);
    ServerConfigResult load(const QByteArray &json, const QProcessEnvironment &env = {});

    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestSecretFiles::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

QString TestSecretFiles::write(const QString &name, const QByteArray &contents, QFile::Permissions mode)
{
    const QString path = m_dir->filePath(name);
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(contents) != contents.size())
        qFatal("cannot write %s", qPrintable(path));
    file.close();
    file.setPermissions(mode);
    return path;
}

ServerConfigResult TestSecretFiles::load(const QByteArray &json, const QProcessEnvironment &env)
{
    const QString path = write(QStringLiteral("gatehouse.json"), json, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadOther);
    return loadServerConfigFile(path, env);
}

void TestSecretFiles::secretFile()
{
    const QString path = write(QStringLiteral("secret"), secretA.toUtf8());
    const ServerConfigResult result = load(text(R"({"secretFile": "%1"})").arg(path).toUtf8());
    QVERIFY2(result.isValid(), qPrintable(render(result.problems).join(u'\n')));
    QCOMPARE(result.config.secret, QStringList{secretA});
}

void TestSecretFiles::secretFileList()
{
    const QString newest = write(QStringLiteral("secret.new"), secretA.toUtf8());
    const QString older = write(QStringLiteral("secret.old"), secretB.toUtf8());
    const ServerConfigResult result = load(text(R"({"secretFile": ["%1", "%2"]})").arg(newest, older).toUtf8());
    QVERIFY2(result.isValid(), qPrintable(render(result.problems).join(u'\n')));
    QCOMPARE(result.config.secret, (QStringList{secretA, secretB}));
}

void TestSecretFiles::secretFileRelativeToConfiguration()
{
    write(QStringLiteral("keys/secret"), secretA.toUtf8());
    const QString elsewhere = QDir::currentPath();
    QVERIFY(QDir::setCurrent(QDir::tempPath()));
    const ServerConfigResult result = load(R"({"secretFile": "keys/secret"})");
    QDir::setCurrent(elsewhere);
    QCOMPARE(result.config.secret, QStringList{secretA});
}

void TestSecretFiles::lineEndIsNotPartOfTheValue()
{
    // `gatehouse-server secret > file` and editors end the file with a line end.
    const QString path = write(QStringLiteral("secret"), secretA.toUtf8() + "\r\n\n");
    const ServerConfigResult result = load(text(R"({"secretFile": "%1"})").arg(path).toUtf8());
    QCOMPARE(result.config.secret, QStringList{secretA});
}

void TestSecretFiles::secretAndSecretFileTogether()
{
    const QString path = write(QStringLiteral("secret"), secretA.toUtf8());
    const ServerConfigResult result =
        load(text(R"({"secret": "%1", "secretFile": "%2"})").arg(secretB, path).toUtf8());
    QVERIFY(render(result.errors()).contains(QStringLiteral("secretFile: give either secret or secretFile, not both")));
}

void TestSecretFiles::unreadableFileNamesKeyAndReason()
{
    const QString missing = m_dir->filePath(QStringLiteral("no-such-secret"));
    ServerConfigResult result = load(text(R"({"secretFile": "%1"})").arg(missing).toUtf8());
    QCOMPARE(render(result.errors()),
             QStringList{QStringLiteral("secretFile: cannot read %1: No such file or directory").arg(missing)});
    QVERIFY(result.config.secret.isEmpty());

    if (::geteuid() == 0)
        QSKIP("root reads every file: the permission case needs an ordinary user");
    const QString locked = write(QStringLiteral("locked"), secretA.toUtf8(), {});
    result = load(text(R"({"secretFile": "%1"})").arg(locked).toUtf8());
    QCOMPARE(render(result.errors()),
             QStringList{QStringLiteral("secretFile: cannot read %1: Permission denied").arg(locked)});
}

void TestSecretFiles::emptyFile()
{
    const QString path = write(QStringLiteral("secret"), "\n");
    const ServerConfigResult result = load(text(R"({"secretFile": "%1"})").arg(path).toUtf8());
    QCOMPARE(render(result.errors()), QStringList{QStringLiteral("secretFile: %1 is empty").arg(path)});
}

void TestSecretFiles::readableByEveryone()
{
    const QString path = write(QStringLiteral("secret"), secretA.toUtf8(),
                               QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther);
    const ServerConfigResult result = load(text(R"({"secretFile": "%1"})").arg(path).toUtf8());
    QVERIFY(result.isValid());   // a warning: the secret is still used
    QCOMPARE(result.config.secret, QStringList{secretA});
    QVERIFY2(render(result.warnings()).contains(QStringLiteral(
                 "secretFile: %1 can be read by every user of this machine (mode 0644): allow only root and the "
                 "service (chmod 0600 or 0640)").arg(path)),
             qPrintable(render(result.warnings()).join(u'\n')));
}

void TestSecretFiles::environmentFileVariable()
{
    const QString path = write(QStringLiteral("secret"), secretA.toUtf8() + '\n');
    QProcessEnvironment env;
    env.insert(QStringLiteral("AUTH_SECRET_FILE"), path);
    const ServerConfigResult result = load("{}", env);
    QVERIFY2(result.isValid(), qPrintable(render(result.problems).join(u'\n')));
    QCOMPARE(result.config.secret, QStringList{secretA});

    // A file named by a variable the configuration does not read is not opened.
    QProcessEnvironment other;
    other.insert(QStringLiteral("AUTH_SECRET"), secretB);
    other.insert(QStringLiteral("SSL_CERT_FILE"), m_dir->filePath(QStringLiteral("absent")));
    QVERIFY(load("{}", other).isValid());
}

void TestSecretFiles::environmentValueAndFileTogether()
{
    QProcessEnvironment env;
    env.insert(QStringLiteral("AUTH_SECRET"), secretB);
    env.insert(QStringLiteral("AUTH_SECRET_FILE"), write(QStringLiteral("secret"), secretA.toUtf8()));
    const ServerConfigResult result = load("{}", env);
    QCOMPARE(render(result.errors()),
             QStringList{QStringLiteral("AUTH_SECRET_FILE: give either AUTH_SECRET or AUTH_SECRET_FILE, not both")});
}

void TestSecretFiles::credentialsDirectory()
{
    // systemd's LoadCredential=AUTH_SECRET:/etc/gatehouse/secret, as the packaged unit does.
    write(QStringLiteral("credentials/AUTH_SECRET"), secretA.toUtf8());
    write(QStringLiteral("credentials/AUTH_SECRET_1"), secretB.toUtf8());
    QProcessEnvironment env;
    env.insert(QStringLiteral("CREDENTIALS_DIRECTORY"), m_dir->filePath(QStringLiteral("credentials")));
    const ServerConfigResult result = load("{}", env);
    QVERIFY2(result.isValid(), qPrintable(render(result.problems).join(u'\n')));
    QCOMPARE(result.config.secret, (QStringList{secretA, secretB}));

    // The JSON still wins over the environment, credentials included.
    const ServerConfigResult inFile = load(text(R"({"secret": "%1"})").arg(secretB).toUtf8(), env);
    QCOMPARE(inFile.config.secret, QStringList{secretB});
    QVERIFY(render(inFile.warnings()).contains(QStringLiteral("AUTH_SECRET: ignored: \"secret\" in the configuration wins")));
}

void TestSecretFiles::credentialAndVariableTogether()
{
    const QString credential = write(QStringLiteral("credentials/AUTH_SECRET"), secretA.toUtf8());
    QProcessEnvironment env;
    env.insert(QStringLiteral("CREDENTIALS_DIRECTORY"), m_dir->filePath(QStringLiteral("credentials")));
    env.insert(QStringLiteral("AUTH_SECRET"), secretB);
    const ServerConfigResult result = load("{}", env);
    QCOMPARE(render(result.errors()),
             QStringList{QStringLiteral("AUTH_SECRET: the systemd credential %1 gives AUTH_SECRET too: keep one of them")
                             .arg(credential)});
}

void TestSecretFiles::credentialsIgnoreOtherNames()
{
    write(QStringLiteral("credentials/AUTH_SECRET"), secretA.toUtf8());
    write(QStringLiteral("credentials/tls.key"), "not for the configuration");
    write(QStringLiteral("credentials/HOME"), "/nowhere");
    QProcessEnvironment env;
    env.insert(QStringLiteral("CREDENTIALS_DIRECTORY"), m_dir->filePath(QStringLiteral("credentials")));
    const ServerConfigResult result = load("{}", env);
    QVERIFY2(result.isValid(), qPrintable(render(result.problems).join(u'\n')));
    QCOMPARE(result.config.secret, QStringList{secretA});
}

void TestSecretFiles::clientSecretFile()
{
    const QString path = write(QStringLiteral("github-secret"), "client-secret-from-a-file\n");
    QProcessEnvironment env;
    env.insert(QStringLiteral("AUTH_SECRET"), secretA);
    env.insert(QStringLiteral("AUTH_GITHUB_SECRET"), QStringLiteral("from-the-environment"));
    const ServerConfigResult result = load(text(R"({"providers": [{"id": "github", "clientId": "abc",
        "clientSecretFile": "%1"}]})").arg(path).toUtf8(), env);
    QVERIFY2(result.isValid(), qPrintable(render(result.problems).join(u'\n')));
    QCOMPARE(result.config.providers.size(), 1);
    const QJsonObject options = result.config.providers.first().options;
    QCOMPARE(options.value(QStringLiteral("clientSecret")).toString(), QStringLiteral("client-secret-from-a-file"));
    QVERIFY(!options.contains(QStringLiteral("clientSecretFile")));
}

void TestSecretFiles::clientSecretFileAndValueTogether()
{
    const QString missing = m_dir->filePath(QStringLiteral("absent"));
    QProcessEnvironment env;
    env.insert(QStringLiteral("AUTH_SECRET"), secretA);
    ServerConfigResult result = load(text(R"({"providers": [{"id": "github", "clientId": "abc",
        "clientSecret": "x", "clientSecretFile": "%1"}]})").arg(missing).toUtf8(), env);
    QVERIFY(render(result.errors()).contains(
        QStringLiteral("providers[0].clientSecretFile: give either clientSecret or clientSecretFile, not both")));
    result = load(text(R"({"providers": [{"id": "github", "clientId": "abc",
        "clientSecretFile": "%1"}]})").arg(missing).toUtf8(), env);
    QVERIFY(render(result.errors()).contains(
        QStringLiteral("providers[0].clientSecretFile: cannot read %1: No such file or directory").arg(missing)));
}

void TestSecretFiles::providerSecretFromCredential()
{
    write(QStringLiteral("credentials/AUTH_GITHUB_SECRET"), "client-secret-from-a-credential");
    QProcessEnvironment env;
    env.insert(QStringLiteral("AUTH_SECRET"), secretA);
    env.insert(QStringLiteral("AUTH_GITHUB_ID"), QStringLiteral("abc"));
    env.insert(QStringLiteral("CREDENTIALS_DIRECTORY"), m_dir->filePath(QStringLiteral("credentials")));
    const ServerConfigResult result = load(R"({"providers": [{"id": "github"}]})", env);
    QVERIFY2(result.isValid(), qPrintable(render(result.problems).join(u'\n')));
    QCOMPARE(result.config.providers.first().options.value(QStringLiteral("clientSecret")).toString(),
             QStringLiteral("client-secret-from-a-credential"));
}

void TestSecretFiles::apiKeyFile()
{
    const QString path = write(QStringLiteral("mail-key"), "smtp-password-from-a-file\n");
    QProcessEnvironment env;
    env.insert(QStringLiteral("AUTH_SECRET"), secretA);
    const ServerConfigResult result = load(text(R"({"adapter": {"url": "sqlite:gatehouse.db"},
        "providers": [{"id": "mail", "type": "email", "name": "Email", "from": "auth@example.test",
                       "server": "smtp://auth@mail.example.test:587", "apiKeyFile": "%1"}]})").arg(path).toUtf8(), env);
    QVERIFY2(result.isValid(), qPrintable(render(result.problems).join(u'\n')));
    QCOMPARE(result.config.providers.first().options.value(QStringLiteral("apiKey")).toString(),
             QStringLiteral("smtp-password-from-a-file"));
}

void TestSecretFiles::databasePassword()
{
    QProcessEnvironment env;
    env.insert(QStringLiteral("AUTH_SECRET"), secretA);
    env.insert(QStringLiteral("DATABASE_PASSWORD_FILE"), write(QStringLiteral("db-env"), "from-the-variable-file\n"));
    ServerConfigResult result = load(R"({"adapter": {"url": "postgresql://gatehouse@db.example.test/gatehouse"}})", env);
    QVERIFY2(result.isValid(), qPrintable(render(result.problems).join(u'\n')));
    QCOMPARE(result.server.adapterPassword, QStringLiteral("from-the-variable-file"));

    // adapter.passwordFile wins over the environment, as values in the file do.
    const QString path = write(QStringLiteral("db-password"), "from-the-json-file\n");
    result = load(text(R"({"adapter": {"url": "postgresql://gatehouse@db.example.test/gatehouse",
        "passwordFile": "%1"}})").arg(path).toUtf8(), env);
    QVERIFY2(result.isValid(), qPrintable(render(result.problems).join(u'\n')));
    QCOMPARE(result.server.adapterPassword, QStringLiteral("from-the-json-file"));
    QVERIFY(!result.server.adapterOptions.contains(QStringLiteral("passwordFile")));

    const QString missing = m_dir->filePath(QStringLiteral("absent"));
    result = load(text(R"({"adapter": {"url": "postgresql://gatehouse@db.example.test/gatehouse",
        "passwordFile": "%1"}})").arg(missing).toUtf8(), env);
    QVERIFY(render(result.errors()).contains(
        QStringLiteral("adapter.passwordFile: cannot read %1: No such file or directory").arg(missing)));
}

void TestSecretFiles::noSecretAnywhere()
{
    // An empty credentials folder and no variable: the configuration says the secret is missing.
    QDir().mkpath(m_dir->filePath(QStringLiteral("credentials")));
    QProcessEnvironment env;
    env.insert(QStringLiteral("CREDENTIALS_DIRECTORY"), m_dir->filePath(QStringLiteral("credentials")));
    const ServerConfigResult result = load("{}", env);
    QCOMPARE(render(result.errors()), QStringList{QStringLiteral("secret: missing (set AUTH_SECRET or \"secret\")")});
}

QTEST_GUILESS_MAIN(TestSecretFiles)
#include "tst_secretfiles.moc"
