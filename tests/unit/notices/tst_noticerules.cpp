// Which audit event calls for which security notice, with which facts, and what the
// configuration turns off.
#include "notices/noticerules.h"

#include <QTest>

using namespace Gatehouse;
using namespace Gatehouse::Notices;
using Gatehouse::Mail::NoticeMailKind;

namespace {

const QString kFirefox = QStringLiteral("Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0");

AuditEvent auditEvent(const QString &type, const QJsonObject &detail = {}, const QString &provider = {})
{
    AuditEvent e;
    e.id = 7;
    e.time = QDateTime(QDate(2026, 11, 28), QTime(22, 5), Qt::UTC);
    e.type = type;
    e.userId = QStringLiteral("42");
    e.provider = provider;
    e.clientAddress = QStringLiteral("198.51.100.7");
    e.detail = detail;
    return e;
}

} // namespace

class TestNoticeRules : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void eventsAndTheirNotices_data()
    {
        QTest::addColumn<QString>("type");
        QTest::addColumn<QJsonObject>("detail");
        QTest::addColumn<int>("kind");   // -1: none
        QTest::addColumn<int>("check");
        const QJsonObject browser{{QStringLiteral("userAgent"), kFirefox}};
        QTest::newRow("signIn") << "signIn" << browser << int(NoticeMailKind::NewDevice) << int(HistoryCheck::NewDevice);
        QTest::newRow("passwordChange") << "passwordChange" << browser << int(NoticeMailKind::PasswordChanged) << int(HistoryCheck::None);
        QTest::newRow("passwordReset") << "passwordReset" << QJsonObject() << int(NoticeMailKind::PasswordReset) << int(HistoryCheck::None);
        QTest::newRow("twoFactorEnrol") << "twoFactorEnrol" << QJsonObject() << int(NoticeMailKind::TwoFactorOn) << int(HistoryCheck::None);
        QTest::newRow("twoFactorRemove") << "twoFactorRemove" << QJsonObject() << int(NoticeMailKind::TwoFactorOff) << int(HistoryCheck::None);
        QTest::newRow("recovery code") << "twoFactorVerify"
                                       << QJsonObject{{QStringLiteral("method"), QStringLiteral("recoveryCode")},
                                                      {QStringLiteral("recoveryCodesLeft"), 9}}
                                       << int(NoticeMailKind::RecoveryCodeUsed) << int(HistoryCheck::None);
        QTest::newRow("authenticator code: no news") << "twoFactorVerify" << QJsonObject{{QStringLiteral("method"), QStringLiteral("totp")}}
                                                     << -1 << 0;
        QTest::newRow("linkAccount") << "linkAccount" << QJsonObject() << int(NoticeMailKind::AccountLinked)
                                     << int(HistoryCheck::NotAtSignUp);
        QTest::newRow("unlinkAccount") << "unlinkAccount" << QJsonObject() << int(NoticeMailKind::AccountUnlinked)
                                       << int(HistoryCheck::None);
        QTest::newRow("passkeyAdd") << "passkeyAdd" << QJsonObject{{QStringLiteral("name"), QStringLiteral("YubiKey")}}
                                    << int(NoticeMailKind::PasskeyAdded) << int(HistoryCheck::NotAtSignUp);
        QTest::newRow("signInFailed: no news") << "signInFailed" << QJsonObject() << -1 << 0;
        QTest::newRow("sessionEnd: no news") << "sessionEnd" << QJsonObject() << -1 << 0;
        QTest::newRow("lockoutLift: no news") << "lockoutLift" << QJsonObject() << -1 << 0;
    }

    void eventsAndTheirNotices()
    {
        QFETCH(QString, type);
        QFETCH(QJsonObject, detail);
        QFETCH(int, kind);
        QFETCH(int, check);
        const std::optional<Notice> notice = noticeFor(auditEvent(type, detail, QStringLiteral("github")), NoticeOptions());
        QCOMPARE(notice.has_value(), kind >= 0);
        if (!notice)
            return;
        QCOMPARE(int(notice->kind), kind);
        QCOMPARE(int(notice->check), check);
        QCOMPARE(notice->facts.when, auditEvent(type).time);
        QCOMPARE(notice->facts.clientAddress, QStringLiteral("198.51.100.7"));
        QCOMPARE(notice->facts.device, detail.contains(QStringLiteral("userAgent")) ? QStringLiteral("Firefox on Linux") : QString());
        const bool accounts = notice->kind == NoticeMailKind::AccountLinked || notice->kind == NoticeMailKind::AccountUnlinked;
        QCOMPARE(notice->facts.provider, accounts ? QStringLiteral("github") : QString());
        QCOMPARE(notice->facts.passkey, notice->kind == NoticeMailKind::PasskeyAdded ? QStringLiteral("YubiKey") : QString());
        QCOMPARE(notice->facts.codesLeft, notice->kind == NoticeMailKind::RecoveryCodeUsed ? 9 : -1);
        // Only the new sign-in may be turned off by the person (Account::personalNotices()).
        QCOMPARE(notice->personalSwitch, notice->kind == NoticeMailKind::NewDevice ? QStringLiteral("newDevice") : QString());
    }

    void noUserNoNotice()
    {
        AuditEvent e = auditEvent(QStringLiteral("passwordChange"));
        e.userId.clear();
        QVERIFY(!noticeFor(e, NoticeOptions()));
    }

    void switchedOff_data()
    {
        QTest::addColumn<QString>("type");
        QTest::addColumn<QString>("option");
        QTest::newRow("newDevice") << "signIn" << "newDevice";
        QTest::newRow("passwordChange") << "passwordChange" << "passwordChange";
        QTest::newRow("passwordReset") << "passwordReset" << "passwordReset";
        QTest::newRow("twoFactor on") << "twoFactorEnrol" << "twoFactor";
        QTest::newRow("twoFactor off") << "twoFactorRemove" << "twoFactor";
        QTest::newRow("linkedAccounts") << "linkAccount" << "linkedAccounts";
        QTest::newRow("passkeys") << "passkeyAdd" << "passkeys";
    }

    void switchedOff()
    {
        QFETCH(QString, type);
        QFETCH(QString, option);
        NoticeOptions options;
        const std::map<QString, bool NoticeOptions::*> members{
            {QStringLiteral("newDevice"), &NoticeOptions::newDevice},
            {QStringLiteral("passwordChange"), &NoticeOptions::passwordChange},
            {QStringLiteral("passwordReset"), &NoticeOptions::passwordReset},
            {QStringLiteral("twoFactor"), &NoticeOptions::twoFactor},
            {QStringLiteral("linkedAccounts"), &NoticeOptions::linkedAccounts},
            {QStringLiteral("passkeys"), &NoticeOptions::passkeys}};
        QVERIFY(noticeFor(auditEvent(type), options));
        options.*members.at(option) = false;
        QVERIFY(!noticeFor(auditEvent(type), options));
        QVERIFY(options.any());
    }

    void devices_data()
    {
        QTest::addColumn<QString>("userAgent");
        QTest::addColumn<QString>("device");
        QTest::newRow("Firefox") << kFirefox << "Firefox on Linux";
        QTest::newRow("Chrome on Windows")
            << "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
            << "Chrome on Windows";
        QTest::newRow("none") << "" << "";
    }

    void devices()
    {
        QFETCH(QString, userAgent);
        QFETCH(QString, device);
        QCOMPARE(deviceOf(userAgent), device);
    }
};

QTEST_GUILESS_MAIN(TestNoticeRules)
#include "tst_noticerules.moc"
