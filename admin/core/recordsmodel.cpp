#include "recordsmodel.h"

namespace Gatehouse::Admin {

RecordsModel::RecordsModel(QStringList roleKeys, QObject *parent)
    : QAbstractListModel(parent)
    , m_keys(std::move(roleKeys))
{
}

int RecordsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_records.size());
}

QVariant RecordsModel::data(const QModelIndex &index, int role) const
{
    const int key = role - (Qt::UserRole + 1);
    if (!checkIndex(index, CheckIndexOption::IndexIsValid) || key < 0 || key >= m_keys.size())
        return {};
    return m_records.at(index.row()).value(m_keys.at(key));
}

QHash<int, QByteArray> RecordsModel::roleNames() const
{
    QHash<int, QByteArray> names;
    for (int i = 0; i < m_keys.size(); ++i)
        names.insert(Qt::UserRole + 1 + i, m_keys.at(i).toUtf8());
    return names;
}

QVariantMap RecordsModel::get(int row) const
{
    return row >= 0 && row < m_records.size() ? m_records.at(row) : QVariantMap();
}

void RecordsModel::setRecords(const QList<QVariantMap> &records)
{
    const bool countChanges = records.size() != m_records.size();
    beginResetModel();
    m_records = records;
    endResetModel();
    if (countChanges)
        Q_EMIT countChanged();
}

} // namespace Gatehouse::Admin
