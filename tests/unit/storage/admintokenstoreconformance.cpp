#include "admintokenstoreconformance.h"

#include <QTest>

namespace Gatehouse::Testing {

namespace {

// Whole seconds: every backend keeps at least those.
QDateTime wholeSeconds(qint64 fromNow)
{
    return QDateTime::fromSecsSinceEpoch(inSeconds(fromNow).toSecsSinceEpoch(), Qt::UTC);
}

AdminTokenRecord token(const QString &name, const QString &hash)
{
    AdminTokenRecord r;
    r.name = name;
    r.tokenHash = hash;
    r.scopes = {QStringLiteral("users:read"), QStringLiteral("audit:read")};
    r.createdAt = wholeSeconds(0);
    r.expiresAt = wholeSeconds(90 * 86400);
    r.createdBy = QStringLiteral("cli:root");
    return r;
}

} // namespace

AdminTokenStoreConformance::AdminTokenStoreConformance(AdapterFixture &fixture, QObject *parent)
    : QObject(parent)
    , m_fixture(fixture)
{
}

void AdminTokenStoreConformance::initTestCase()
{
    if (const QString why = m_fixture.unavailableReason(); !why.isEmpty())
        QSKIP(qPrintable(why));
    QString error;
    QVERIFY2(m_fixture.start(&error), qPrintable(error));
}

void AdminTokenStoreConformance::init()
{
    QString error;
    m_adapter = m_fixture.create(&error);
    QVERIFY2(m_adapter, qPrintable(error));
    m_store = dynamic_cast<AdminTokenStore *>(m_adapter.get());
    QVERIFY2(m_store, "the store does not implement AdminTokenStore");
}

void AdminTokenStoreConformance::cleanup()
{
    m_store = nullptr;
    m_adapter.reset();
}

void AdminTokenStoreConformance::storedAndFound()
{
    QCOMPARE(take(m_store->adminTokenByHash(QStringLiteral("h-1"))).has_value(), false);
    const AdminTokenRecord issued = token(QStringLiteral("backup-script"), QStringLiteral("h-1"));
    take(m_store->createAdminToken(issued));
    const std::optional<AdminTokenRecord> found = take(m_store->adminTokenByHash(QStringLiteral("h-1")));
    QVERIFY(found);
    QCOMPARE(found->name, issued.name);
    QCOMPARE(found->tokenHash, issued.tokenHash);
    QCOMPARE(found->scopes, issued.scopes);
    QCOMPARE(found->createdAt, issued.createdAt);
    QCOMPARE(found->expiresAt, issued.expiresAt);
    QCOMPARE(found->expiresAt.timeSpec(), Qt::UTC);
    QCOMPARE(found->lastUsedAt.has_value(), false);
    QCOMPARE(found->revokedAt.has_value(), false);
    QCOMPARE(found->createdBy, issued.createdBy);
    QCOMPARE(take(m_store->adminTokenByHash(QStringLiteral("h-2"))).has_value(), false);
}

void AdminTokenStoreConformance::namesAndHashesAreUnique()
{
    take(m_store->createAdminToken(token(QStringLiteral("ci"), QStringLiteral("h-1"))));
    QCOMPARE(failure(m_store->createAdminToken(token(QStringLiteral("ci"), QStringLiteral("h-2")))),
             AdapterError::Reason::Conflict);
    QCOMPARE(failure(m_store->createAdminToken(token(QStringLiteral("other"), QStringLiteral("h-1")))),
             AdapterError::Reason::Conflict);
    QCOMPARE(take(m_store->adminTokens()).size(), 1);
    // A revoked token keeps its name: "token:ci" in the audit log names one token.
    QVERIFY(take(m_store->revokeAdminToken(QStringLiteral("ci"), wholeSeconds(0))));
    QCOMPARE(failure(m_store->createAdminToken(token(QStringLiteral("ci"), QStringLiteral("h-3")))),
             AdapterError::Reason::Conflict);
}

void AdminTokenStoreConformance::listedByNameWithRevoked()
{
    take(m_store->createAdminToken(token(QStringLiteral("zeta"), QStringLiteral("h-z"))));
    take(m_store->createAdminToken(token(QStringLiteral("alpha"), QStringLiteral("h-a"))));
    take(m_store->createAdminToken(token(QStringLiteral("mid"), QStringLiteral("h-m"))));
    QVERIFY(take(m_store->revokeAdminToken(QStringLiteral("mid"), wholeSeconds(0))));
    const QList<AdminTokenRecord> all = take(m_store->adminTokens());
    QStringList names;
    for (const AdminTokenRecord &r : all)
        names.append(r.name);
    QCOMPARE(names, (QStringList{QStringLiteral("alpha"), QStringLiteral("mid"), QStringLiteral("zeta")}));
    QVERIFY(all.at(1).revokedAt);
    QVERIFY(!all.at(0).revokedAt);
}

void AdminTokenStoreConformance::revokedOnceSeenByAnotherAdapter()
{
    take(m_store->createAdminToken(token(QStringLiteral("ci"), QStringLiteral("h-1"))));
    QString error;
    const std::shared_ptr<Adapter> second = m_fixture.reopen(m_adapter, &error);
    QVERIFY2(second, qPrintable(error));
    auto *other = dynamic_cast<AdminTokenStore *>(second.get());
    QVERIFY(other);
    QVERIFY(!take(other->adminTokenByHash(QStringLiteral("h-1")))->revokedAt);
    const QDateTime when = wholeSeconds(0);
    QVERIFY(take(m_store->revokeAdminToken(QStringLiteral("ci"), when)));
    const std::optional<AdminTokenRecord> seen = take(other->adminTokenByHash(QStringLiteral("h-1")));
    QVERIFY(seen);
    QCOMPARE(seen->revokedAt, std::optional<QDateTime>(when));
    // Once: the first revocation's time stays.
    QVERIFY(!take(other->revokeAdminToken(QStringLiteral("ci"), wholeSeconds(60))));
    QCOMPARE(take(m_store->adminTokenByHash(QStringLiteral("h-1")))->revokedAt, std::optional<QDateTime>(when));
    QVERIFY(!take(m_store->revokeAdminToken(QStringLiteral("unknown"), when)));
}

void AdminTokenStoreConformance::useRecorded()
{
    take(m_store->createAdminToken(token(QStringLiteral("ci"), QStringLiteral("h-1"))));
    take(m_store->createAdminToken(token(QStringLiteral("other"), QStringLiteral("h-2"))));
    const QDateTime when = wholeSeconds(5);
    take(m_store->touchAdminToken(QStringLiteral("h-1"), when));
    take(m_store->touchAdminToken(QStringLiteral("unknown"), when));
    QCOMPARE(take(m_store->adminTokenByHash(QStringLiteral("h-1")))->lastUsedAt, std::optional<QDateTime>(when));
    QCOMPARE(take(m_store->adminTokenByHash(QStringLiteral("h-2")))->lastUsedAt.has_value(), false);
}

} // namespace Gatehouse::Testing
