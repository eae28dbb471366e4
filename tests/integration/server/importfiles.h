#pragma once
// Files of users for the import tests, each format with a hash made by its ecosystem's own tool
// (htpasswd, the argon2 command, Python's hashlib, passlib and Django): tst_serveruserimport
// imports them with the command, tst_serveradminapi over the admin API.
#include <QByteArray>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QString>

namespace Gatehouse::Testing::ImportFiles {

inline const QString Password = QStringLiteral("imported p\u00e4ssword 1");
//! A bcrypt cost no serving thread should pay: refused at import.
inline const QByteArray Bcrypt31 = "$2b$31$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW";

//! What \a program prints for \a arguments (stdin: \a input); empty when it cannot run. Bounded.
inline QByteArray run(const QString &program, const QStringList &arguments, const QByteArray &input = {})
{
    QProcess process;
    process.start(program, arguments);
    if (!process.waitForStarted(10000))
        return {};
    process.write(input);
    process.closeWriteChannel();
    if (!process.waitForFinished(60000) || process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
        process.kill();
        process.waitForFinished(5000);
        return {};
    }
    return process.readAllStandardOutput().trimmed();
}

inline QByteArray python(const QString &code, const QByteArray &input)
{
    if (!QFile::exists(QStringLiteral("/usr/bin/python3")))
        return {};
    return run(QStringLiteral("/usr/bin/python3"), {QStringLiteral("-c"), QStringLiteral("import sys; p = sys.stdin.read(); ") + code},
               input);
}

/*!
 * A file of \a format with the user \a email (password: Password, hash by the format's own
 * tool) on its second user line and, first, a user whose hash is refused; which line that is
 * in \a refusedLine. Empty when the tool is missing.
 */
inline QByteArray importFile(const QString &format, const QString &email, QString *refusedLine, QString *scheme)
{
    const QByteArray password = Password.toUtf8();
    if (format == QLatin1String("htpasswd")) {
        const QString htpasswd = QStandardPaths::findExecutable(QStringLiteral("htpasswd"));
        const QByteArray line = htpasswd.isEmpty() ? QByteArray()
            : run(htpasswd, {QStringLiteral("-niB"), QStringLiteral("-C"), QStringLiteral("10"), email}, password);
        if (line.isEmpty())
            return {};
        *refusedLine = QStringLiteral("line 1: bcrypt cost 31 is above 14");
        *scheme = QStringLiteral("bcrypt");
        return "slow@example.test:" + Bcrypt31 + "\n" + line + "\n";
    }
    if (format == QLatin1String("authelia")) {
        const QString argon2 = QStandardPaths::findExecutable(QStringLiteral("argon2"));
        // Authelia's default: Argon2id, 64 MiB, 3 passes, 4 lanes.
        const QByteArray hash = argon2.isEmpty() ? QByteArray()
            : run(argon2, {QStringLiteral("0123456789abcdef"), QStringLiteral("-id"), QStringLiteral("-t"), QStringLiteral("3"),
                           QStringLiteral("-k"), QStringLiteral("65536"), QStringLiteral("-p"), QStringLiteral("4"), QStringLiteral("-e")},
                  password);
        if (hash.isEmpty())
            return {};
        *refusedLine = QStringLiteral("line 4 (password): bcrypt cost 31 is above 14");
        *scheme = QStringLiteral("argon2id");
        return "users:\n  slow:\n    displayname: Slow\n    password: '" + Bcrypt31 + "'\n    email: slow@example.test\n"
               "  imported:\n    displayname: 'Imported Person'\n    password: '" + hash + "'\n    email: " + email.toUtf8()
            + "\n    groups:\n      - staff\n";
    }
    if (format == QLatin1String("keycloak")) {
        // PBKDF2-SHA256 as Keycloak 11-23 writes it, computed by Python's hashlib.
        const QByteArray salt = QByteArray::fromHex("a1b2c3d4e5f60718293a4b5c6d7e8f90");
        const QByteArray key = QByteArray::fromHex(python(QStringLiteral("import hashlib; print(hashlib.pbkdf2_hmac('sha256', p.encode(), "
                                                                         "bytes.fromhex('%1'), 27500, 64).hex())")
                                                              .arg(QString::fromLatin1(salt.toHex())),
                                                          password));
        if (key.size() != 64)
            return {};
        const auto user = [](const QString &address, const QByteArray &value, int iterations) {
            const QJsonObject secret{{"value", QString::fromLatin1(value.toBase64())},
                                     {"salt", QString::fromLatin1(QByteArray::fromHex("a1b2c3d4e5f60718293a4b5c6d7e8f90").toBase64())},
                                     {"additionalParameters", QJsonObject()}};
            const QJsonObject data{{"hashIterations", iterations}, {"algorithm", "pbkdf2-sha256"}, {"additionalParameters", QJsonObject()}};
            return QJsonObject{{"username", address.section('@', 0, 0)}, {"email", address}, {"enabled", true},
                               {"emailVerified", true}, {"firstName", "Imported"}, {"lastName", "Person"},
                               {"groups", QJsonArray{"/staff"}},
                               {"credentials", QJsonArray{QJsonObject{
                                   {"type", "password"},
                                   {"secretData", QString::fromUtf8(QJsonDocument(secret).toJson(QJsonDocument::Compact))},
                                   {"credentialData", QString::fromUtf8(QJsonDocument(data).toJson(QJsonDocument::Compact))}}}}};
        };
        *refusedLine = QStringLiteral("users[0] (slow): keycloak-pbkdf2-sha256 with 1000000000 iterations is above 1000000");
        *scheme = QStringLiteral("keycloak-pbkdf2-sha256");
        return QJsonDocument(QJsonObject{{"realm", "demo"},
                                         {"users", QJsonArray{user(QStringLiteral("slow@example.test"), key, 1000000000),
                                                              user(email, key, 27500)}}})
            .toJson();
    }
    if (format == QLatin1String("csv")) {
        const QByteArray hash = python(QStringLiteral("from django.conf import settings; settings.configure(); "
                                                      "from django.contrib.auth.hashers import make_password; print(make_password(p))"),
                                       password);
        if (!hash.startsWith("pbkdf2_sha256$"))
            return {};
        *refusedLine = QStringLiteral("line 2 (password_hash): bcrypt cost 31 is above 14");
        *scheme = QStringLiteral("django-pbkdf2-sha256");
        return "email,name,email_verified,groups,password_hash\nslow@example.test,Slow,false,," + Bcrypt31 + "\n" + email.toUtf8()
            + ",\"Imported Person\",true,staff," + hash + "\n";
    }
    // jsonl: passlib's PBKDF2-SHA512.
    const QByteArray hash = python(QStringLiteral("from passlib.hash import pbkdf2_sha512 as h; print(h.hash(p))"), password);
    if (!hash.startsWith("$pbkdf2-sha512$"))
        return {};
    *refusedLine = QStringLiteral("line 1 (password_hash): bcrypt cost 31 is above 14");
    *scheme = QStringLiteral("pbkdf2-sha512");
    return "{\"email\":\"slow@example.test\",\"password_hash\":\"" + Bcrypt31 + "\"}\n{\"email\":\"" + email.toUtf8()
        + "\",\"name\":\"Imported Person\",\"email_verified\":true,\"groups\":[\"staff\"],\"password_hash\":\"" + hash + "\"}\n";
}

} // namespace Gatehouse::Testing::ImportFiles
