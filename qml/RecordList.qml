// A simple table over a list model: column titles, one row of cells per record (cells(record)
// gives the texts), and an optional action button per row.
import QtQuick
import QtQuick.Controls
import QtQuick.Controls.Material
import QtQuick.Layouts

ColumnLayout {
    id: table
    property var model
    property var columns: []
    //! record (a map of the model's roles) -> list of cell texts, one per column.
    property var cells: record => []
    property string emptyText
    //! Label of the per-row button; empty: no button.
    property string actionText
    signal action(var record)
    readonly property int count: list.count
    readonly property alias list: list

    spacing: 0

    RowLayout {
        Layout.fillWidth: true
        Layout.leftMargin: 12
        Layout.rightMargin: 12
        Repeater {
            model: table.columns
            delegate: Label {
                required property string modelData
                text: modelData
                font.bold: true
                elide: Text.ElideRight
                Layout.fillWidth: true
                Layout.preferredWidth: 1
            }
        }
        Item { visible: table.actionText.length > 0; Layout.preferredWidth: 110 }
    }
    Rectangle { Layout.fillWidth: true; height: 1; color: Material.foreground; opacity: 0.2 }
    ListView {
        id: list
        Layout.fillWidth: true
        Layout.fillHeight: true
        clip: true
        model: table.model
        keyNavigationEnabled: true
        ScrollBar.vertical: ScrollBar {}
        Accessible.role: Accessible.Table
        delegate: ItemDelegate {
            id: row
            required property int index
            readonly property var record: table.model.get(index)
            width: list.width
            height: 40
            highlighted: ListView.isCurrentItem
            onClicked: list.currentIndex = index
            Accessible.name: table.cells(record).join(", ")
            contentItem: RowLayout {
                Repeater {
                    model: table.cells(row.record)
                    delegate: Label {
                        required property string modelData
                        text: modelData
                        elide: Text.ElideMiddle
                        Layout.fillWidth: true
                        Layout.preferredWidth: 1
                    }
                }
                Button {
                    objectName: "rowActionButton"
                    visible: table.actionText.length > 0
                    text: table.actionText
                    flat: true
                    Layout.preferredWidth: 110
                    onClicked: table.action(row.record)
                    Accessible.name: table.actionText + " " + table.cells(row.record)[0]
                }
            }
            Keys.onDeletePressed: if (table.actionText.length > 0) table.action(record)
        }
        Label {
            anchors.centerIn: parent
            visible: list.count === 0
            text: table.emptyText
            opacity: 0.7
        }
    }
}
