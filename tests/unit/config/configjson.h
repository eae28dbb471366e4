#pragma once
// The configuration tests load a configuration as gatehouse-server does: JSON, with AUTH_SECRET set.
#include <gatehouse/configloader.h>

#include <QByteArray>
#include <QJsonDocument>
#include <QProcessEnvironment>
#include <QString>

namespace Gatehouse::Testing {

//! \a json (which must parse) loaded with a test AUTH_SECRET; files named relative to \a baseDir.
inline ConfigResult loadJson(const QByteArray &json, const QString &baseDir = QString())
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError)
        qFatal("bad test JSON: %s", json.constData());
    QProcessEnvironment env;
    env.insert(QStringLiteral("AUTH_SECRET"), QStringLiteral("0123456789abcdef0123456789abcdef-test"));
    return loadConfig(document.object(), env, baseDir);
}

} // namespace Gatehouse::Testing
