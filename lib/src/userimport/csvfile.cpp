#include "userimport/csvfile.h"

#include "userimport/userchecks_p.h"

namespace Gatehouse::UserImport {

namespace {

const QStringList knownColumns = {QStringLiteral("email"), QStringLiteral("name"), QStringLiteral("email_verified"),
                                  QStringLiteral("disabled"), QStringLiteral("groups"), QStringLiteral("password_hash")};

//! One record: the line it starts on and its fields, as bytes.
struct Record
{
    int line = 0;
    QList<QByteArray> fields;
};

/*!
 * The records of \a file. A quote left open at the end is the error, named by the line where its
 * field began: the file is truncated or not CSV.
 */
QList<Record> records(QByteArrayView file, int *openQuoteLine)
{
    QList<Record> out;
    if (file.startsWith("\xEF\xBB\xBF"))
        file = file.sliced(3);
    int line = 1;
    Record record{1, {}};
    QByteArray field;
    bool quoted = false;      // inside a quoted field
    bool fieldQuoted = false; // the field began with a quote
    int quoteLine = 0;
    const auto endRecord = [&] {
        record.fields.append(field);
        // A line with nothing on it is no record.
        if (!(record.fields.size() == 1 && record.fields.first().isEmpty() && !fieldQuoted))
            out.append(record);
        record = Record{line, {}};
        field.clear();
        fieldQuoted = false;
    };
    for (qsizetype i = 0; i < file.size(); ++i) {
        const char c = file.at(i);
        if (quoted) {
            if (c == '"') {
                if (i + 1 < file.size() && file.at(i + 1) == '"') {
                    field += '"';
                    ++i;
                } else {
                    quoted = false;
                }
            } else {
                if (c == '\n')
                    ++line;
                field += c;
            }
            continue;
        }
        if (c == '"' && field.isEmpty() && !fieldQuoted) {
            quoted = fieldQuoted = true;
            quoteLine = line;
        } else if (c == ',') {
            record.fields.append(field);
            field.clear();
            fieldQuoted = false;
        } else if (c == '\r' && i + 1 < file.size() && file.at(i + 1) == '\n') {
            continue;
        } else if (c == '\n') {
            ++line;
            endRecord();
        } else {
            field += c;
        }
    }
    *openQuoteLine = quoted ? quoteLine : 0;
    if (!field.isEmpty() || !record.fields.isEmpty() || fieldQuoted)
        endRecord();
    return out;
}

std::optional<bool> boolean(const QString &text)
{
    const QString value = text.trimmed().toLower();
    if (value.isEmpty() || value == QLatin1String("false") || value == QLatin1String("no") || value == QLatin1String("0"))
        return false;
    if (value == QLatin1String("true") || value == QLatin1String("yes") || value == QLatin1String("1"))
        return true;
    return std::nullopt;
}

} // namespace

UserFileContents readCsv(const QByteArray &file, const ImportOptions &options)
{
    UserFileContents contents;
    UserChecks checks(contents, options);
    int openQuote = 0;
    const QList<Record> all = records(file, &openQuote);
    if (openQuote > 0) {
        checks.fail(openQuote, QStringLiteral("a quoted field begins here and never ends (a truncated file?)"));
        return contents;
    }
    if (all.isEmpty())
        return contents;
    QStringList columns;
    for (const QByteArray &name : all.first().fields) {
        const QString column = utf8(name).value_or(QString()).trimmed().toLower();
        if (!knownColumns.contains(column)) {
            checks.fail(all.first().line, QStringLiteral("unknown column \"%1\" in the header; the columns are %2")
                                              .arg(column, knownColumns.join(QStringLiteral(", "))));
            return contents;
        }
        if (columns.contains(column)) {
            checks.fail(all.first().line, QStringLiteral("the column %1 is named twice in the header").arg(column));
            return contents;
        }
        columns.append(column);
    }
    if (!columns.contains(QLatin1String("email"))) {
        checks.fail(all.first().line, QStringLiteral("the header has no email column"));
        return contents;
    }
    for (qsizetype r = 1; r < all.size(); ++r) {
        const Record &record = all.at(r);
        if (record.fields.size() != columns.size()) {
            checks.refuse(record.line, QString(), QStringLiteral("%1 fields where the header names %2")
                                                      .arg(record.fields.size()).arg(columns.size()));
            continue;
        }
        ImportedUser user;
        user.line = record.line;
        QString email;
        QByteArray hash;
        bool usable = true;
        for (qsizetype i = 0; i < columns.size() && usable; ++i) {
            const QString &column = columns.at(i);
            const std::optional<QString> value = utf8(record.fields.at(i));
            if (!value) {
                checks.refuse(record.line, column, QStringLiteral("not UTF-8"));
                usable = false;
            } else if (column == QLatin1String("email")) {
                email = *value;
            } else if (column == QLatin1String("name")) {
                user.name = value->trimmed();
            } else if (column == QLatin1String("password_hash")) {
                hash = record.fields.at(i).trimmed();
            } else if (column == QLatin1String("groups")) {
                for (const QString &group : value->split(QLatin1Char(','), Qt::SkipEmptyParts))
                    user.groups.append(group.trimmed());
            } else if (const std::optional<bool> flag = boolean(*value)) {
                (column == QLatin1String("disabled") ? user.disabled : user.emailVerified) = *flag;
            } else {
                checks.refuse(record.line, column, QStringLiteral("must be true or false"));
                usable = false;
            }
        }
        if (!usable)
            continue;
        const std::optional<QString> address =
            checks.email(record.line, QStringLiteral("email"), email, QStringLiteral("line %1").arg(record.line));
        if (!address)
            continue;
        user.email = *address;
        if (checks.hash(user, QStringLiteral("password_hash"), hash))
            checks.accept(user);
    }
    return contents;
}

} // namespace Gatehouse::UserImport
