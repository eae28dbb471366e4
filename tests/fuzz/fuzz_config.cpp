// libFuzzer target for the JSON configuration loader (config/): the file gatehouse-server, the
// admin app and embedders read, with the environment that fills what it leaves open.
//
// Input: the configuration file, "\n---\n", environment lines (NAME=value: AUTH_SECRET, AUTH_URL,
// AUTH_TRUST_HOST, AUTH_<ID>_ID, DATABASE_URL, ...). The file is written to a scratch folder and
// loaded with loadConfigFile(), as the server loads it. Properties: every problem names what is
// wrong (a message) and errors make the result invalid; a JSON syntax error is one problem at a
// 1-based line and column. Seeds: corpus/config (tests/unit/config and packaging/examples).
#include "fuzzsupport.h"

#include <gatehouse/configloader.h>

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <cstddef>
#include <cstdint>
#include <cstdlib>

using namespace Gatehouse;

namespace {

//! The scratch file, in a folder removed when the run ends (libFuzzer ends with exit()).
QString configPath()
{
    static const QTemporaryDir dir(QDir::tempPath() + QStringLiteral("/gatehouse-fuzz-config-XXXXXX"));
    if (!dir.isValid())
        std::abort();
    static const QString path = dir.filePath(QStringLiteral("gatehouse.json"));
    return path;
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    Fuzz::silenceLogging();
    configPath();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QList<QByteArray> parts = Fuzz::parts(QByteArrayView(data, qsizetype(size)), 2);
    QProcessEnvironment env;
    for (const QByteArray &line : parts[1].split('\n')) {
        const qsizetype eq = line.indexOf('=');
        if (eq > 0)
            env.insert(QString::fromUtf8(line.left(eq)), QString::fromUtf8(line.mid(eq + 1)));
    }
    {
        QFile file(configPath());
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(parts[0]) != parts[0].size())
            std::abort();
    }
    const ConfigResult result = loadConfigFile(configPath(), env);
    bool errors = false;
    for (const ConfigProblem &problem : result.problems) {
        FUZZ_CHECK(!problem.message.isEmpty(), problem.path);
        errors = errors || problem.severity == ConfigProblem::Severity::Error;
        (void)problem.translatedString();
    }
    FUZZ_CHECK(result.isValid() == !errors, QString());

    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(parts[0], &error);
    if (error.error != QJsonParseError::NoError) {
        FUZZ_CHECK(result.problems.size() == 1 && result.problems.first().path.isEmpty(), QString());
        static const QRegularExpression position(QStringLiteral(":([1-9][0-9]*):([1-9][0-9]*): "));
        FUZZ_CHECK(position.match(result.problems.first().message).hasMatch(), result.problems.first().message);
    }
    return 0;
}
