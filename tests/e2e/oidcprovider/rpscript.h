#pragma once
/*!
 * \file rpscript.h  The relying party of these tests: one run of rp.mjs (npm openid-client),
 * whose steps tst_openidclientrp.cpp describes. Each test target defines GATEHOUSE_NODE and
 * GATEHOUSE_RP_DIR (CMakeLists.txt).
 */
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace Gatehouse::Testing {

//! One run of rp.mjs: its JSON answer, or an object with "error" naming why there is none.
inline QJsonObject runRp(const QStringList &arguments)
{
    QProcess node;
    node.setWorkingDirectory(QStringLiteral(GATEHOUSE_RP_DIR));
    node.start(QStringLiteral(GATEHOUSE_NODE), QStringList{QStringLiteral(GATEHOUSE_RP_DIR "/rp.mjs")} + arguments);
    if (!node.waitForFinished(30000)) {
        node.kill();
        node.waitForFinished();
        return {{"error", "rp.mjs did not finish within 30 s"}};
    }
    const QByteArray out = node.readAllStandardOutput();
    const QJsonDocument doc = QJsonDocument::fromJson(out);
    if (!doc.isObject())
        return {{"error", "rp.mjs printed no JSON"}, {"description", QString::fromUtf8(out + node.readAllStandardError())}};
    return doc.object();
}

//! \a object as one line of JSON (rp.mjs's arguments, failure messages).
inline QString compact(const QJsonObject &object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

} // namespace Gatehouse::Testing
