#pragma once
/*! \file recordsmodel.h  A read-only list of records with named roles, the base of the detail lists. */
#include <QAbstractListModel>
#include <QVariantMap>

namespace Gatehouse::Admin {

/*!
 * Rows are QVariantMaps; each key in \c roleKeys() is one role with that QML name. Subclasses
 * name their roles; the owner fills the rows with setRecords(). \c count is the row count.
 */
class RecordsModel : public QAbstractListModel
{
    Q_OBJECT
    Q_PROPERTY(int count READ rowCount NOTIFY countChanged)

public:
    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    //! The row as a map with the role names as keys; empty for a row out of range.
    Q_INVOKABLE QVariantMap get(int row) const;

    void setRecords(const QList<QVariantMap> &records);
    const QList<QVariantMap> &records() const { return m_records; }

Q_SIGNALS:
    void countChanged();

protected:
    RecordsModel(QStringList roleKeys, QObject *parent);

private:
    QStringList m_keys;
    QList<QVariantMap> m_records;
};

} // namespace Gatehouse::Admin
